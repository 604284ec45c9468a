// Package queue plays a match's games on many machines through NATS
// JetStream: a work queue with persistence, acknowledgements and
// redelivery, embedded in the referee so that one machine needs nothing
// installed.
//
// The phases and their entry points:
//
//   - [Start] runs the server: an embedded NATS server with JetStream, its
//     streams in a folder, loopback only unless a token guards it; [Setup]
//     creates what the queue needs (the games work queue and its workers'
//     consumer, the results stream, the runs, the bots and the replays).
//   - [Dial] connects a client to it (at the address [CheckURL] checks):
//     the match side or a worker.
//   - [Client.Ship] turns a match's player into a [Bot] that travels: a
//     built-in by name, a file by its content hash in the object store;
//     a [Shipper] ships a match's players under their flags
//     ([Shipper.Remote]), or names a tuner's pair's run after its players
//     ([Shipper.NamedRemote]).
//   - [Remote] is a match.Runner: match.Run hands it the games, it
//     publishes each as a message (a run, resumable by its id) and sends
//     back the results the workers store, each game once.
//   - [Client.Work] is a worker: it pulls games, plays each with
//     match.PlayGame, the runner of local matches, keeps the message's
//     ack deadline alive while the game runs, stores the result, and only
//     then acknowledges.
//
// Nothing lost, nothing counted twice: a game whose worker dies is
// redelivered when its ack deadline passes; a result is stored only if
// none is (its subject is run and game index, which is the pair's seed
// and the side), so a game played twice counts once; when the SPRT decides
// or the match is interrupted, the run's queued games are purged and the
// workers stop its running games; the server restarted from its folder
// finds its streams, and the clients reconnect.
package queue
