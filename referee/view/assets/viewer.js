// impulse replay viewer: parses the VIEW lines of a Coders Strike Back or
// Fantastic Bits replay (ours or CodinGame's own) and plays it on an SVG
// drawn in game units, so that an entity's transform is its game position.
//
// Data comes either embedded in the page (a self-contained export: the
// JSON script element with id impulse-data) or from the server's /api
// endpoints.
//
// Every drawn entity carries its game values as data attributes (data-x,
// data-y, ...) for the tests and for anyone inspecting the page.
(function () {
  'use strict';

  // Player colours as on CodinGame: player 0 orange (#ff9c00, CodinGame's
  // first player colour), player 1 blue (#22a1e4, its second).
  const COLORS = ['#ff9c00', '#22a1e4'];
  const SPELL_COLORS = { ACCIO: '#c77dff', FLIPENDO: '#ff6b6b', OBLIVIATE: '#7bed9f', PETRIFICUS: '#70d6ff' };
  const SPEEDS = [0.25, 0.5, 1, 2, 4, 8, 16, 32]; // turns per second
  const TRAIL = 12; // turns of trail behind each pod or wizard
  const PLAY_ICON = '<svg class="icon" viewBox="0 0 16 16" aria-hidden="true"><path d="M4 2v12l10-6z"/></svg>';
  const PAUSE_ICON = '<svg class="icon" viewBox="0 0 16 16" aria-hidden="true"><path d="M4 2h3v12H4z M9 2h3v12H9z"/></svg>';

  const $ = (id) => document.getElementById(id);
  const ui = {
    body: document.body, name: $('replay-name'), players: $('players'), list: $('replays'),
    filter: $('filter'), banner: $('banner'), field: $('field'), stat: $('static'),
    trails: $('trails'), dyn: $('dynamic'), ghosts: $('ghosts'), timeline: $('timeline'),
    marks: $('marks'), label: $('turn-label'), speed: $('speed'), play: $('play'),
    bots: $('bots'), turnInfo: $('turn-info'), diffInfo: $('diff-info'), endInfo: $('end-info'),
    optTrails: $('opt-trails'), optTargets: $('opt-targets'), optMessages: $('opt-messages'),
    optGhosts: $('opt-ghosts'),
  };

  // ---------------------------------------------------------------- text

  function esc(s) {
    return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
  }

  // block splits a frame field ("line\n" per line) into lines.
  function block(s) {
    if (typeof s !== 'string' || s === '') return [];
    if (s.endsWith('\n')) s = s.slice(0, -1);
    return s.split('\n');
  }

  // rich renders a referee text: $0/$1 as player names, ¤RED¤…§RED§ in red.
  function rich(s, model) {
    let out = esc(s);
    out = out.replace(/¤RED¤([\s\S]*?)§RED§/g, '<span class="red">$1</span>');
    out = out.replace(/\$([01])/g, (_, p) => `<span class="p${p}">${esc(model ? model.players[+p].name : '$' + p)}</span>`);
    return out;
  }

  function fmt(v) {
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'object') return JSON.stringify(v);
    return String(v);
  }

  // ---------------------------------------------------------------- parsing

  class ViewError extends Error {}

  function fields(line) { return line.trim() === '' ? [] : line.trim().split(/\s+/); }

  // num parses a view number; "null" is null where allowed.
  function num(s, where, nullable) {
    if (s === 'null' && nullable) return null;
    const v = Number(s);
    if (s === undefined || s === '' || Number.isNaN(v)) throw new ViewError(`${where}: ${JSON.stringify(s)} is not a number`);
    return v;
  }

  function nums(line, where, n) {
    const f = fields(line === undefined ? '' : line);
    if (n !== undefined && f.length < n) throw new ViewError(`${where}: ${f.length} fields, expected ${n}`);
    return f.map((s, i) => num(s, `${where} field ${i + 1}`));
  }

  // header reads view line 0: [KEY_FRAME|INTERMEDIATE_FRAME] <frame> [reason].
  function header(line) {
    const f = fields(line || '');
    if (f[0] === 'KEY_FRAME' || f[0] === 'INTERMEDIATE_FRAME') f.shift();
    return { frame: Number(f[0]), reason: f.slice(1).join(' ') };
  }

  function isKeyframe(f) {
    if (typeof f.keyframe === 'boolean') return f.keyframe;
    return block(f.view).length > 1;
  }

  // responseTime finds a frame's response time in milliseconds, under the
  // extension keys our matches may write.
  function responseTime(f) {
    for (const k of ['responseTimeMs', 'responseTime', 'timeMs', 'time', 'elapsedMs']) {
      const v = f[k];
      if (typeof v === 'number') return v;
      if (typeof v === 'string' && v !== '' && !Number.isNaN(parseFloat(v))) return parseFloat(v);
    }
    return null;
  }

  const CSB = {
    name: 'CodersStrikeBack',
    short: 'csb',
    // init reads frame 0's lines after the game name.
    init(lines, rep) {
      if (lines.length < 3) throw new ViewError('frame 0: the CSB init lines are missing');
      const c = nums(lines[0], 'frame 0 view line 3', 6);
      const cp = nums(lines[1], 'frame 0 view line 4');
      const checkpoints = [];
      for (let i = 0; i + 1 < cp.length; i += 2) checkpoints.push({ x: cp[i], y: cp[i + 1] });
      const published = typeof rep.engine === 'string' && rep.engine.startsWith('published');
      const n = checkpoints.length;
      return {
        width: c[0], height: c[1], podRadius: c[2], cpRadius: c[3], pods: c[4], maxRotation: c[5],
        checkpoints, published,
        // Laps: the published referee's (int)(15 / checkpoints); the live game's 3 (csb.md §1).
        laps: published ? Math.floor(15 / Math.max(n, 1)) : 3,
        consumed: 3,
      };
    },
    state(lines, init, where) {
      const n = init.pods;
      if (lines.length < 2 * n + 1) throw new ViewError(`${where}: ${lines.length} view lines, expected at least ${2 * n + 1}`);
      const pods = [];
      for (let i = 0; i < n; i++) {
        const w = `${where} pod ${i}`;
        const f = fields(lines[2 * i]);
        if (f.length < 12) throw new ViewError(`${w}: ${f.length} fields, expected 12`);
        let m = lines[2 * i + 1];
        if (m.length >= 2 && m[0] === '"' && m[m.length - 1] === '"') m = m.slice(1, -1);
        const f5 = num(f[5], w + ' field 6');
        const f9 = num(f[9], w + ' field 10');
        pods.push({
          id: i, owner: Math.floor(i / (n / 2)),
          x: num(f[0], w + ' x'), y: num(f[1], w + ' y'), vx: num(f[2], w + ' vx'), vy: num(f[3], w + ' vy'),
          power: num(f[4], w + ' power'),
          tx: num(f[6], w + ' tx', true), ty: num(f[7], w + ' ty', true), angle: num(f[8], w + ' angle', true),
          nextCp: num(f[10], w + ' nextCp'), rank: num(f[11], w + ' rank'), message: m,
          // Fields 5 and 9 mean dead, shield in the published referee and
          // shield, boost in the live game (csb.md §1).
          f5, f9,
          shield: init.published ? f9 === 1 : f5 === 1,
          boost: init.published ? false : f9 === 1 || f[4] > 200,
          dead: init.published ? f5 === 1 : false,
        });
      }
      const players = fields(lines[2 * n]).map((s, k) => {
        const [r, t] = s.split(':');
        return { rank: num(r, `${where} player ${k} rank`), turnsLeft: num(t, `${where} player ${k} turns left`) };
      });
      if (players.length < 2) throw new ViewError(`${where}: players line ${JSON.stringify(lines[2 * n])}: expected 2 fields`);
      const collisions = lines.slice(2 * n + 1).filter((l) => l.trim() !== '').map((l, k) => {
        const c = nums(l, `${where} collision ${k}`, 11);
        return { id: c[0], time: c[1], a: c[2], ax: c[3], ay: c[4], b: c[5], bx: c[6], by: c[7], impulse: c[8], x: (c[3] + c[6]) / 2, y: (c[4] + c[7]) / 2 };
      });
      return { pods, players, collisions };
    },
  };

  const FB = {
    name: 'Fantastic Bits',
    short: 'fb',
    init(lines) {
      if (lines.length < 4) throw new ViewError('frame 0: the FB init lines are missing');
      const c = nums(lines[0], 'frame 0 view line 3', 6);
      const teams = nums(lines[1], 'frame 0 view line 4');
      const wizardTeam = [];
      for (let i = 0; i + 2 < teams.length; i += 3) wizardTeam.push(teams[i]);
      return {
        width: c[0], height: c[1], wizardRadius: c[2], wizards: c[3], snaffleRadius: c[4], goalSize: c[5],
        bludgerRadius: 200, postRadius: 300, wizardTeam, consumed: 4,
      };
    },
    state(lines, init, where) {
      let k = 0;
      const need = (what) => {
        if (k >= lines.length) throw new ViewError(`${where}: the view ends before ${what}`);
        return lines[k++];
      };
      const wizards = [];
      for (let i = 0; i < init.wizards; i++) {
        const w = `${where} wizard ${i}`;
        const f = fields(need(`wizard ${i}`));
        if (f.length < 7) throw new ViewError(`${w}: ${f.length} fields, expected 7`);
        wizards.push({
          id: i, owner: init.wizardTeam[i] !== undefined ? init.wizardTeam[i] : Math.floor(i / 2),
          x: num(f[0], w + ' x'), y: num(f[1], w + ' y'), vx: num(f[2], w + ' vx'), vy: num(f[3], w + ' vy'),
          thrust: num(f[4], w + ' thrust'), tx: num(f[5], w + ' tx', true), ty: num(f[6], w + ' ty', true),
          message: f.slice(7).join(' '), holding: -1,
        });
      }
      const count = (what) => {
        const s = need(what).trim();
        const n = Number(s);
        if (!Number.isInteger(n) || n < 0) throw new ViewError(`${where}: ${what}: ${JSON.stringify(s)} is not a count`);
        return n;
      };
      const spells = [];
      for (let i = count('the spell count'); i > 0; i--) {
        const f = fields(need('a spell'));
        if (f.length < 5) throw new ViewError(`${where}: spell ${JSON.stringify(f.join(' '))}: expected NAME wizard target countdown fresh`);
        spells.push({ name: f[0], wizard: num(f[1], where + ' spell wizard'), target: num(f[2], where + ' spell target'), countdown: num(f[3], where + ' spell countdown'), fresh: f[4] === 'true' });
      }
      const snaffles = [];
      for (let i = count('the snaffle count'); i > 0; i--) {
        const f = nums(need('a snaffle'), `${where} snaffle`, 4);
        snaffles.push({ id: f[0], x: f[1], y: f[2], alive: f[3] === 1, heldBy: -1 });
      }
      const bludgers = [];
      for (let i = count('the bludger count'); i > 0; i--) {
        const f = nums(need('a bludger'), `${where} bludger`, 3);
        bludgers.push({ id: f[0], x: f[1], y: f[2] });
      }
      const score = nums(need('the scores'), `${where} scores`, 2);
      const magic = nums(need('the magic'), `${where} magic`, 2);
      const collisions = [];
      for (; k < lines.length; k++) {
        const f = fields(lines[k]);
        if (f.length === 0) continue;
        const kind = f[0];
        const v = f.slice(1).map((s) => (s === 'LEFT' || s === 'RIGHT' || s === 'TOP' || s === 'BOTTOM') ? s : Number(s));
        let x, y;
        switch (kind) {
          case 'SNAFFLESCORE': x = v[4]; y = v[5]; break;
          case 'SNAFFLE': x = v[5]; y = v[6]; break;
          case 'WALL': x = v[3]; y = v[4]; break;
          case 'ENTITY': x = (v[3] + v[6]) / 2; y = (v[4] + v[7]) / 2; break;
          default: continue;
        }
        collisions.push({ kind, time: v[1], x, y, text: lines[k] });
      }
      return { wizards, spells, snaffles, bludgers, score, magic, collisions };
    },
    // holding marks which wizard holds which snaffle: from the next
    // player input (its wizard state), else a live snaffle at the wizard's
    // exact position (which a THROW of power 0 can fake).
    holding(state, input) {
      const held = {};
      let fromInput = false;
      for (const line of input || []) {
        const f = fields(line);
        if (f.length === 7 && (f[1] === 'WIZARD' || f[1] === 'OPPONENT_WIZARD')) {
          fromInput = true;
          if (f[6] === '1') held[+f[0]] = true;
        }
      }
      for (const w of state.wizards) {
        if (fromInput && !held[w.id]) continue;
        const s = state.snaffles.find((s) => s.alive && s.heldBy < 0 && s.x === w.x && s.y === w.y);
        if (s) { w.holding = s.id; s.heldBy = w.id; }
      }
    },
  };

  const GAMES = [CSB, FB];

  // parse turns a normalised replay into the model the page draws.
  function parse(rep, name) {
    const gr = rep.gameResult;
    const frames = gr.frames;
    const v0 = block(frames[0].view);
    const game = GAMES.find((g) => g.name === (v0[1] || '').trim());
    if (!game) throw new ViewError(`frame 0: unknown game ${JSON.stringify(v0[1] || '')}`);
    const init = game.init(v0.slice(2), rep);
    const agents = gr.agents || [];
    const players = [0, 1].map((i) => {
      const a = agents.find((a) => a.index === i);
      const pseudo = a && ((a.codingamer && a.codingamer.pseudo) || (a.arenaboss && a.arenaboss.nickname));
      return { index: i, name: pseudo || `player ${i}`, color: COLORS[i] };
    });
    if (players[0].name === players[1].name) players.forEach((p) => { p.name += ` (${p.index})`; });
    const model = { name, rep, game, init, players, frames, turns: [] };
    let prev = -1;
    for (let fi = 0; fi < frames.length; fi++) {
      const f = frames[fi];
      if (!isKeyframe(f)) continue;
      const view = block(f.view);
      const skip = model.turns.length === 0 ? 2 + init.consumed : 1;
      const where = `frame ${fi}`;
      const state = game.state(view.slice(skip), init, where);
      const actions = [];
      for (let j = prev + 1; j <= fi; j++) {
        const a = frames[j];
        if (typeof a.agentId !== 'number' || a.agentId < 0) continue;
        actions.push({
          frame: j, player: a.agentId,
          stdout: typeof a.stdout === 'string' ? block(a.stdout) : null,
          stderr: typeof a.stderr === 'string' ? a.stderr : null,
          infos: block(a.gameInformation), time: responseTime(a),
        });
      }
      model.turns.push({ frame: fi, first: prev + 1, header: header(view[0]), state, actions, summary: block(f.summary), tooltips: [] });
      prev = fi;
    }
    if (model.turns.length === 0) throw new ViewError('no key frame');
    if (game === FB) {
      model.turns.forEach((t) => {
        const next = frames[t.frame + 1] || {};
        const other = frames[t.frame + 2] || {};
        FB.holding(t.state, next.playerInput || other.playerInput);
      });
    }
    if (game === CSB && !init.published) {
      // The live game sets field 5 (shield) for the pods of an eliminated
      // player too: a player is out from the turn of its timeout or
      // invalid output (a red INFOS line), or when its turns run out.
      const out = [false, false];
      for (const t of model.turns) {
        for (const a of t.actions) {
          if (a.stdout === null || a.infos.some((l) => l.includes('¤RED¤'))) out[a.player] = true;
        }
        t.state.players.forEach((p, i) => { if (p.turnsLeft <= 0) out[i] = true; });
        for (const p of t.state.pods) if (out[p.owner]) { p.dead = true; p.shield = false; }
      }
    }
    if (game === CSB) {
      // Checkpoints passed, from each pod's nextCp over the turns.
      const n = init.checkpoints.length;
      const passed = new Array(init.pods).fill(0);
      model.turns.forEach((t, k) => {
        t.state.pods.forEach((p, i) => {
          if (k > 0) {
            const before = model.turns[k - 1].state.pods[i].nextCp;
            passed[i] += (p.nextCp - before + n) % n;
          }
          p.passed = passed[i];
        });
      });
    }
    // Tooltips, by the frame that carried them.
    for (const t of gr.tooltips || []) {
      let tip = t;
      if (typeof t === 'string') {
        try { tip = JSON.parse(t); } catch (e) { tip = { text: t }; }
      }
      const fi = typeof tip.turn === 'number' ? tip.turn : -1;
      const turn = model.turns.find((x) => x.frame >= fi) || model.turns[model.turns.length - 1];
      turn.tooltips.push(tip.text || tip.event || JSON.stringify(tip));
    }
    model.end = endOf(model);
    return model;
  }

  function endOf(model) {
    const gr = model.rep.gameResult;
    const last = model.turns[model.turns.length - 1];
    const lastFrame = model.frames[model.frames.length - 1];
    const reasons = { endReached: 'end reached', maxRoundsCountReached: 'max rounds reached', InvalidInput: 'invalid input' };
    const code = header(block(lastFrame.view)[0]).reason || last.header.reason;
    const red = [];
    for (const t of model.turns) {
      for (const a of t.actions) for (const l of a.infos) if (l.includes('¤RED¤')) red.push({ frame: a.frame, text: l });
    }
    return {
      code, reason: reasons[code] || code || 'a player was eliminated or timed out',
      scores: gr.scores || [], ranks: gr.ranks || [], summary: last.summary, red,
      turns: model.turns.length - 1,
    };
  }

  // ---------------------------------------------------------------- drawing

  function lerp(a, b, t) { return a + (b - a) * t; }
  function lerpAngle(a, b, t) {
    if (a === null) return b;
    if (b === null) return a;
    let d = (b - a) % (2 * Math.PI);
    if (d > Math.PI) d -= 2 * Math.PI;
    if (d < -Math.PI) d += 2 * Math.PI;
    return a + d * t;
  }
  function n2(v) { return Math.round(v * 10) / 10; }
  function attrs(o) {
    let s = '';
    for (const k in o) if (o[k] !== undefined) s += ` ${k}="${esc(o[k] === null ? 'null' : o[k])}"`;
    return s;
  }
  // burst is a star of radius r centred on 0,0.
  function burst(r) {
    let d = '';
    for (let i = 0; i < 16; i++) {
      const a = (i * Math.PI) / 8;
      const rr = i % 2 ? r * 0.45 : r;
      d += `${i ? 'L' : 'M'}${n2(rr * Math.cos(a))} ${n2(rr * Math.sin(a))}`;
    }
    return `<path d="${d}Z"/>`;
  }

  function drawStatic(model) {
    const { init } = model;
    const W = init.width, H = init.height;
    const m = model.game === CSB ? 600 : 450; // pods may leave the map: #field overflows visibly
    ui.field.setAttribute('viewBox', `${-m} ${-m} ${W + 2 * m} ${H + 2 * m}`);
    ui.field.dataset.game = model.game.short;
    ui.field.dataset.width = W;
    ui.field.dataset.height = H;
    let s = '';
    if (model.game === CSB) {
      s += `<rect id="field-bg" x="0" y="0" width="${W}" height="${H}" fill="#10202c" stroke="#2c4657" stroke-width="30"/>`;
      init.checkpoints.forEach((c, i) => {
        s += `<g class="checkpoint${i === 0 ? ' finish' : ''}"${attrs({ 'data-id': i, 'data-x': c.x, 'data-y': c.y, transform: `translate(${c.x} ${c.y})` })}>`;
        s += `<circle r="${init.cpRadius}"/><text>${i}</text></g>`;
      });
    } else {
      const g0 = (H - init.goalSize) / 2, g1 = (H + init.goalSize) / 2;
      s += `<rect id="field-bg" class="pitch" x="0" y="0" width="${W}" height="${H}"/>`;
      s += `<rect class="pitch-line" x="0" y="0" width="${W}" height="${H}"/>`;
      s += `<line class="pitch-line" x1="${W / 2}" y1="0" x2="${W / 2}" y2="${H}"/><circle class="pitch-line" cx="${W / 2}" cy="${H / 2}" r="1000"/>`;
      // Team 0 defends the left goal (x = 0), team 1 the right one (fb.md §4).
      s += `<line class="goal" data-team="0" x1="-80" y1="${g0}" x2="-80" y2="${g1}" stroke="${COLORS[0]}"/>`;
      s += `<line class="goal" data-team="1" x1="${W + 80}" y1="${g0}" x2="${W + 80}" y2="${g1}" stroke="${COLORS[1]}"/>`;
      for (const [x, y] of [[0, g0], [0, g1], [W, g0], [W, g1]]) {
        s += `<circle class="post"${attrs({ 'data-x': x, 'data-y': y, cx: x, cy: y, r: init.postRadius })}/>`;
      }
    }
    ui.stat.innerHTML = s;
  }

  // entityAt returns the turn's entity (pod, wizard, snaffle or bludger) by id.
  function fbEntity(state, id) {
    return state.wizards.find((w) => w.id === id) || state.snaffles.find((s) => s.id === id) || state.bludgers.find((b) => b.id === id);
  }

  function drawCSB(model, k, t, next) {
    const { init } = model;
    const st = model.turns[k].state;
    const r = init.podRadius;
    let s = '';
    st.pods.forEach((p, i) => {
      const q = next ? next.pods[i] : p;
      const x = lerp(p.x, q.x, t), y = lerp(p.y, q.y, t);
      const ang = lerpAngle(p.angle, q.angle, t);
      const col = COLORS[p.owner];
      const cls = `pod${p.dead ? ' dead' : ''}`;
      s += `<g class="${cls}"${attrs({
        'data-id': i, 'data-player': p.owner, 'data-x': p.x, 'data-y': p.y, 'data-vx': p.vx, 'data-vy': p.vy,
        'data-angle': p.angle, 'data-power': p.power, 'data-shield': p.shield ? 1 : 0, 'data-boost': p.boost ? 1 : 0,
        'data-next-cp': p.nextCp, 'data-dead': p.dead ? 1 : 0, transform: `translate(${n2(x)} ${n2(y)})`,
      })}>`;
      if (ui.optTargets.checked && p.tx !== null && p.ty !== null && !p.dead) {
        s += `<line class="target-line" x1="0" y1="0" x2="${n2(p.tx - x)}" y2="${n2(p.ty - y)}" stroke="${col}"/>`;
      }
      if (ang !== null && p.power > 0) {
        const len = p.boost || p.power > 200 ? 1100 : 150 + (p.power / 200) * 550;
        const c = Math.cos(ang), sn = Math.sin(ang);
        const bx = -c * (r - 40), by = -sn * (r - 40);
        const w = 200;
        s += `<path class="thrust${p.boost ? ' boost' : ''}" d="M${n2(bx - sn * w)} ${n2(by + c * w)}L${n2(bx - c * len)} ${n2(by - sn * len)}L${n2(bx + sn * w)} ${n2(by - c * w)}Z"/>`;
      }
      s += `<circle class="body" r="${r}" fill="${col}"/>`;
      if (p.shield) s += `<circle class="shield" r="${r + 90}"/>`;
      if (ang !== null) s += `<line class="heading" x1="0" y1="0" x2="${n2(Math.cos(ang) * r)}" y2="${n2(Math.sin(ang) * r)}"/>`;
      s += `<text class="pod-label">${i}</text>`;
      if (p.boost) s += `<text class="boost-mark" y="${-r - 250}">BOOST</text>`;
      if (ui.optMessages.checked && p.message) s += `<text class="message" y="${r + 380}">${esc(p.message)}</text>`;
      s += '</g>';
    });
    if (t === 0) {
      for (const c of st.collisions) {
        s += `<g class="collision"${attrs({ 'data-a': c.a, 'data-b': c.b, 'data-x': c.x, 'data-y': c.y, 'data-time': c.time, transform: `translate(${n2(c.x)} ${n2(c.y)})` })}>${burst(260)}</g>`;
      }
    }
    ui.dyn.innerHTML = s;
    let tr = '';
    if (ui.optTrails.checked) {
      st.pods.forEach((p, i) => {
        const pts = [];
        for (let j = Math.max(0, k - TRAIL); j <= k; j++) {
          const q = model.turns[j].state.pods[i];
          pts.push(`${q.x},${q.y}`);
        }
        if (next && t > 0) pts.push(`${n2(lerp(p.x, next.pods[i].x, t))},${n2(lerp(p.y, next.pods[i].y, t))}`);
        if (pts.length > 1) tr += `<polyline class="trail" points="${pts.join(' ')}" stroke="${COLORS[p.owner]}"/>`;
      });
    }
    ui.trails.innerHTML = tr;
  }

  function drawFB(model, k, t, next) {
    const { init } = model;
    const st = model.turns[k].state;
    const pos = (e, list) => {
      const q = next && list ? list.find((o) => o.id === e.id) : null;
      return q ? [lerp(e.x, q.x, t), lerp(e.y, q.y, t)] : [e.x, e.y];
    };
    let s = '';
    for (const sp of st.spells) {
      const w = fbEntity(st, sp.wizard), tg = fbEntity(st, sp.target);
      if (!w || !tg) continue;
      const [wx, wy] = pos(w, next && next.wizards);
      const [tx, ty] = pos(tg, next && (tg.heldBy !== undefined ? next.snaffles : tg.thrust !== undefined ? next.wizards : next.bludgers));
      const col = SPELL_COLORS[sp.name] || '#fff';
      s += `<g class="spell"${attrs({ 'data-spell': sp.name, 'data-wizard': sp.wizard, 'data-target': sp.target, 'data-countdown': sp.countdown, 'data-fresh': sp.fresh ? 1 : 0 })}>`;
      s += `<line x1="${n2(wx)}" y1="${n2(wy)}" x2="${n2(tx)}" y2="${n2(ty)}" stroke="${col}"/>`;
      s += `<text x="${n2((wx + tx) / 2)}" y="${n2((wy + ty) / 2 - 120)}" fill="${col}">${esc(sp.name)} ${sp.countdown}</text></g>`;
    }
    for (const w of st.wizards) {
      const [x, y] = pos(w, next && next.wizards);
      const col = COLORS[w.owner];
      s += `<g class="wizard${w.holding >= 0 ? ' holding' : ''}"${attrs({
        'data-id': w.id, 'data-player': w.owner, 'data-x': w.x, 'data-y': w.y, 'data-vx': w.vx, 'data-vy': w.vy,
        'data-thrust': w.thrust, 'data-holding': w.holding, transform: `translate(${n2(x)} ${n2(y)})`,
      })}>`;
      if (ui.optTargets.checked && w.tx !== null && w.ty !== null) {
        s += `<line class="target-line" x1="0" y1="0" x2="${n2(w.tx - x)}" y2="${n2(w.ty - y)}" stroke="${col}"/>`;
      }
      s += `<circle class="body" r="${init.wizardRadius}" fill="${col}"/>`;
      if (w.holding >= 0) s += `<circle class="holding-ring" r="${init.wizardRadius + 80}"/>`;
      const sp = Math.hypot(w.vx, w.vy);
      if (sp > 0) {
        const len = Math.min(init.wizardRadius, 100 + sp);
        s += `<line class="velocity" x1="0" y1="0" x2="${n2((w.vx / sp) * len)}" y2="${n2((w.vy / sp) * len)}"/>`;
      }
      s += `<text class="wizard-label" y="${w.holding >= 0 ? 290 : 0}">${w.id}</text>`;
      if (ui.optMessages.checked && w.message) s += `<text class="message" y="${init.wizardRadius + 380}">${esc(w.message)}</text>`;
      s += '</g>';
    }
    for (const sn of st.snaffles) {
      if (!sn.alive) continue;
      const [x, y] = pos(sn, next && next.snaffles);
      s += `<g class="snaffle${sn.heldBy >= 0 ? ' held' : ''}"${attrs({ 'data-id': sn.id, 'data-x': sn.x, 'data-y': sn.y, 'data-held-by': sn.heldBy, transform: `translate(${n2(x)} ${n2(y)})` })}>`;
      s += `<circle r="${init.snaffleRadius}"/></g>`;
    }
    for (const b of st.bludgers) {
      const [x, y] = pos(b, next && next.bludgers);
      s += `<g class="bludger"${attrs({ 'data-id': b.id, 'data-x': b.x, 'data-y': b.y, transform: `translate(${n2(x)} ${n2(y)})` })}><circle r="${init.bludgerRadius}"/></g>`;
    }
    if (t === 0) {
      for (const c of st.collisions) {
        s += `<g class="collision"${attrs({ 'data-kind': c.kind, 'data-x': c.x, 'data-y': c.y, 'data-time': c.time, transform: `translate(${n2(c.x)} ${n2(c.y)})` })}>${burst(c.kind === 'SNAFFLESCORE' ? 420 : 200)}`;
        if (c.kind === 'SNAFFLESCORE') s += '<text y="-500">GOAL</text>';
        s += '</g>';
      }
    }
    ui.dyn.innerHTML = s;
    let tr = '';
    if (ui.optTrails.checked) {
      st.wizards.forEach((w, i) => {
        const pts = [];
        for (let j = Math.max(0, k - TRAIL); j <= k; j++) {
          const q = model.turns[j].state.wizards[i];
          pts.push(`${q.x},${q.y}`);
        }
        if (pts.length > 1) tr += `<polyline class="trail" points="${pts.join(' ')}" stroke="${COLORS[w.owner]}"/>`;
      });
    }
    ui.trails.innerHTML = tr;
  }

  // ghostRadius guesses an entity's radius from its path in our view struct.
  function ghostRadius(model, path) {
    const p = path.toLowerCase();
    if (model.game === CSB) return model.init.podRadius;
    if (p.includes('snaffle')) return model.init.snaffleRadius;
    if (p.includes('bludger')) return model.init.bludgerRadius;
    return model.init.wizardRadius;
  }

  // ghostEntities finds, in our parsed view (Go field names, JSON form),
  // every object with numeric X and Y: the entities our referee placed.
  function ghostEntities(v, path, out) {
    if (Array.isArray(v)) {
      v.forEach((e, i) => ghostEntities(e, `${path}[${i}]`, out));
    } else if (v && typeof v === 'object') {
      const x = v.X !== undefined ? v.X : v.x, y = v.Y !== undefined ? v.Y : v.y;
      if (typeof x === 'number' && typeof y === 'number') {
        const a = v.Angle && typeof v.Angle === 'object' ? (v.Angle.Null ? null : v.Angle.V) : (typeof v.Angle === 'number' ? v.Angle : null);
        out.push({ path, x, y, angle: a, alive: v.Alive === undefined ? true : !!v.Alive && v.Alive !== 0 });
      }
      for (const key of Object.keys(v)) {
        if (key === 'Init' || key === 'Collisions') continue;
        ghostEntities(v[key], path ? `${path}.${key}` : key, out);
      }
    }
    return out;
  }

  function drawGhosts(model, k, t) {
    const d = state.diff;
    if (!d || d.match || !d.ours || !ui.optGhosts.checked || t !== 0 || k !== state.mismatchTurn) {
      ui.ghosts.innerHTML = '';
      return;
    }
    const ours = d.ours.View;
    if (!ours || typeof ours !== 'object' || Array.isArray(ours)) {
      ui.ghosts.innerHTML = '';
      return;
    }
    const differing = (d.fields || []).map((f) => f.path);
    let s = '';
    for (const e of ghostEntities(ours, 'View', [])) {
      if (!e.alive) continue;
      const r = ghostRadius(model, e.path);
      const differs = differing.some((p) => p === e.path || p.startsWith(e.path + '.'));
      s += `<g class="ghost${differs ? ' differs' : ''}"${attrs({ 'data-path': e.path, 'data-x': e.x, 'data-y': e.y, transform: `translate(${n2(e.x)} ${n2(e.y)})` })}>`;
      s += `<circle r="${r}"/>`;
      if (e.angle !== null) s += `<line x1="0" y1="0" x2="${n2(Math.cos(e.angle) * r)}" y2="${n2(Math.sin(e.angle) * r)}"/>`;
      s += `<text y="${-r - 120}">ours ${esc(e.path.replace(/^View\./, ''))}</text></g>`;
    }
    ui.ghosts.innerHTML = s;
  }

  // ---------------------------------------------------------------- panels

  function drawHeader(model, k) {
    const st = model.turns[k].state;
    let s = '';
    model.players.forEach((p, i) => {
      s += `<span class="chip" data-player="${i}"><span class="dot" style="background:${p.color}"></span><b>${esc(p.name)}</b>`;
      if (model.game === CSB) {
        const pl = st.players[i];
        const pods = st.pods.filter((q) => q.owner === i);
        const best = Math.max(...pods.map((q) => q.passed));
        const n = model.init.checkpoints.length;
        s += ` <span class="stat">rank <b>${pl.rank}</b></span> <span class="stat">timeout <b data-turns-left="${pl.turnsLeft}">${pl.turnsLeft}</b></span>`;
        s += ` <span class="stat">lap <b>${Math.min(model.init.laps, Math.floor(best / n) + 1)}/${model.init.laps}</b></span>`;
      } else {
        s += ` <span class="stat">score <b data-score="${st.score[i]}">${st.score[i]}</b></span> <span class="stat">magic <b data-magic="${st.magic[i]}">${st.magic[i]}</b></span>`;
      }
      s += '</span>';
    });
    ui.players.innerHTML = s;
  }

  function drawPanel(model, k) {
    const turn = model.turns[k];
    const st = turn.state;
    let s = '';
    model.players.forEach((p, i) => {
      s += `<div class="bot" data-player="${i}" style="border-left-color:${p.color}"><div class="name">${esc(p.name)}</div>`;
      const acts = turn.actions.filter((a) => a.player === i);
      if (acts.length === 0) s += `<div class="meta">${k === 0 ? 'no output yet' : 'no output this turn'}</div>`;
      for (const a of acts) {
        s += `<div class="meta">frame ${a.frame}${a.time !== null ? ` · <span class="response-time">${esc(n2(a.time))} ms</span>` : ''}</div>`;
        if (a.stdout === null) s += '<div class="timeout">timeout: no output</div>';
        else s += `<div class="label">output</div><pre class="stdout">${esc(a.stdout.join('\n'))}</pre>`;
        if (a.stderr) s += `<div class="label">stderr</div><pre class="stderr">${esc(a.stderr)}</pre>`;
        if (a.infos.length) s += `<ul class="texts infos">${a.infos.map((l) => `<li>${rich(l, model)}</li>`).join('')}</ul>`;
      }
      const mine = (model.game === CSB ? st.pods : st.wizards).filter((e) => e.owner === i && e.message);
      if (mine.length) {
        s += `<div class="label">messages</div><ul class="texts messages">${mine.map((e) => `<li>${model.game === CSB ? 'pod' : 'wizard'} ${e.id}: <span class="msg">${esc(e.message)}</span></li>`).join('')}</ul>`;
      }
      s += '</div>';
    });
    ui.bots.innerHTML = s;

    let t = '';
    if (turn.summary.length) t += `<h3>Summary</h3><ul class="texts">${turn.summary.map((l) => `<li>${rich(l, model)}</li>`).join('')}</ul>`;
    if (turn.tooltips.length) t += `<h3>Events</h3><ul class="texts">${turn.tooltips.map((l) => `<li>${rich(l, model)}</li>`).join('')}</ul>`;
    if (model.game === CSB) {
      t += `<h3>Pods</h3><ul class="texts">${st.pods.map((p) => `<li><span class="p${p.owner}">pod ${p.id}</span> (${p.x}, ${p.y}) v (${p.vx}, ${p.vy}) power ${p.power}${p.shield ? ' SHIELD' : ''}${p.boost ? ' BOOST' : ''} next cp ${p.nextCp}, passed ${p.passed}</li>`).join('')}</ul>`;
      if (st.collisions.length) t += `<h3>Collisions</h3><ul class="texts">${st.collisions.map((c) => `<li>pods ${c.a} and ${c.b} at t=${n2(c.time * 1000) / 1000}, impulse ${n2(c.impulse)}</li>`).join('')}</ul>`;
    } else {
      if (st.spells.length) t += `<h3>Spells</h3><ul class="texts">${st.spells.map((sp) => `<li>${esc(sp.name)} by wizard ${sp.wizard} on ${sp.target}, ${sp.countdown} left${sp.fresh ? ' (new)' : ''}</li>`).join('')}</ul>`;
      if (st.collisions.length) t += `<h3>Collisions</h3><ul class="texts">${st.collisions.map((c) => `<li><code>${esc(c.text)}</code></li>`).join('')}</ul>`;
    }
    ui.turnInfo.innerHTML = t;

    const e = model.end;
    let en = `<h3>End</h3><div>after ${e.turns} turns: <b data-end-reason="${esc(e.code)}">${esc(e.reason)}</b></div>`;
    if (e.scores.length) {
      en += `<ul class="texts">${model.players.map((p, i) => `<li><span class="p${i}">${esc(p.name)}</span>: score ${fmt(e.scores[i])}, rank ${e.ranks[i] !== undefined ? e.ranks[i] + 1 : '?'}</li>`).join('')}</ul>`;
    }
    if (e.summary.length) en += `<ul class="texts">${e.summary.map((l) => `<li>${rich(l, model)}</li>`).join('')}</ul>`;
    if (e.red.length) en += `<ul class="texts">${e.red.map((r) => `<li>frame ${r.frame}: ${rich(r.text, model)}</li>`).join('')}</ul>`;
    ui.endInfo.innerHTML = en;
    ui.endInfo.classList.toggle('at-end', k === model.turns.length - 1);
  }

  function drawDiffPanel() {
    const d = state.diff;
    if (!d) { ui.diffInfo.hidden = true; return; }
    ui.diffInfo.hidden = false;
    let s = '<h3>Diff with our referee</h3>';
    if (d.error) {
      s += `<div class="none" data-diff="none">no diff: ${esc(d.error)}</div>`;
    } else if (d.match) {
      s += `<div class="ok" data-diff="match">all ${d.turns} turns match our referee</div>`;
    } else {
      s += `<div class="red" data-diff="mismatch">first mismatch at frame ${d.frame} (turn ${state.mismatchTurn})</div>`;
      s += '<button type="button" id="goto-mismatch">go to it</button>';
      if (d.fields && d.fields.length) {
        s += `<table><thead><tr><th>field</th><th>official</th><th>ours</th></tr></thead><tbody>${d.fields.map((f) => `<tr class="field-diff" data-path="${esc(f.path)}"><td>${esc(f.path)}</td><td>${esc(fmt(f.official))}</td><td>${esc(fmt(f.ours))}</td></tr>`).join('')}</tbody></table>`;
      }
      s += `<details${d.fields && d.fields.length ? '' : ' open'}><summary>go-cmp diff (-official +ours)</summary><pre>${esc(d.diff || '')}</pre></details>`;
    }
    ui.diffInfo.innerHTML = s;
    const b = $('goto-mismatch');
    if (b) b.onclick = () => { pause(); seek(state.mismatchTurn); };
  }

  function drawMarks() {
    let s = '';
    const n = state.model ? state.model.turns.length - 1 : 0;
    if (state.diff && !state.diff.match && state.mismatchTurn >= 0 && n > 0) {
      s += `<span class="mark" title="first mismatch" style="left:${(100 * state.mismatchTurn) / n}%"></span>`;
    }
    ui.marks.innerHTML = s;
  }

  // ---------------------------------------------------------------- playback

  const state = { model: null, diff: null, mismatchTurn: -1, cur: 0, frac: 0, playing: false, speed: 4, last: 0, replayID: null, loads: 0, listing: null };

  function render() {
    const m = state.model;
    if (!m) return;
    const k = state.cur, t = state.frac;
    const next = t > 0 && k + 1 < m.turns.length ? m.turns[k + 1].state : null;
    if (m.game === CSB) drawCSB(m, k, next ? t : 0, next);
    else drawFB(m, k, next ? t : 0, next);
    drawGhosts(m, k, next ? t : 0);
    const turn = m.turns[k];
    ui.field.dataset.turn = k;
    ui.field.dataset.frame = turn.frame;
    ui.label.dataset.turn = k;
    ui.label.dataset.frame = turn.frame;
    ui.label.textContent = `turn ${k} / ${m.turns.length - 1} · frame ${turn.frame}`;
    if (+ui.timeline.value !== k) ui.timeline.value = k;
  }

  // seek shows turn k (clamped) at rest and refreshes the side panels.
  function seek(k) {
    const m = state.model;
    if (!m) return;
    state.cur = Math.max(0, Math.min(m.turns.length - 1, k));
    state.frac = 0;
    render();
    drawHeader(m, state.cur);
    drawPanel(m, state.cur);
    saveHash();
  }

  function step(d) { pause(); seek(state.cur + d); }

  function play() {
    const m = state.model;
    if (!m || state.playing) return;
    if (state.cur >= m.turns.length - 1) seek(0);
    state.playing = true;
    state.last = 0;
    ui.play.innerHTML = PAUSE_ICON;
    requestAnimationFrame(tick);
  }

  function pause() {
    if (!state.playing && state.frac === 0) return;
    state.playing = false;
    ui.play.innerHTML = PLAY_ICON;
    if (state.frac !== 0) seek(state.cur);
  }

  function tick(ts) {
    if (!state.playing) return;
    const m = state.model;
    if (state.last) state.frac += ((ts - state.last) / 1000) * state.speed;
    state.last = ts;
    let moved = false;
    while (state.frac >= 1 && state.cur < m.turns.length - 1) {
      state.frac -= 1;
      state.cur++;
      moved = true;
    }
    if (state.cur >= m.turns.length - 1) {
      state.frac = 0;
      state.playing = false;
      ui.play.innerHTML = PLAY_ICON;
      seek(state.cur);
      return;
    }
    render();
    if (moved) { drawHeader(m, state.cur); drawPanel(m, state.cur); }
    requestAnimationFrame(tick);
  }

  function setSpeed(i) {
    const j = Math.max(0, Math.min(SPEEDS.length - 1, i));
    state.speed = SPEEDS[j];
    ui.speed.value = String(j);
  }

  function speedIndex() { return SPEEDS.indexOf(state.speed); }

  function saveHash() {
    if (ui.body.classList.contains('single')) return;
    const h = new URLSearchParams();
    if (state.replayID) h.set('replay', state.replayID);
    h.set('turn', String(state.cur));
    history.replaceState(null, '', '#' + h.toString());
  }

  // ---------------------------------------------------------------- loading

  function showError(msg) {
    ui.banner.hidden = false;
    ui.banner.className = '';
    ui.banner.textContent = msg;
  }

  function clearBanner() {
    ui.banner.hidden = true;
    ui.banner.textContent = '';
  }

  // open shows a parsed replay, with its diff when known (null: none or not
  // yet), at turn k (undefined: the mismatch when there is one, else 0).
  function open(rep, name, diff, k) {
    pause();
    let model;
    try {
      model = parse(rep, name);
    } catch (e) {
      state.model = null;
      ui.dyn.innerHTML = ui.trails.innerHTML = ui.ghosts.innerHTML = ui.stat.innerHTML = '';
      showError(`${name}: ${e.message}`);
      return;
    }
    clearBanner();
    state.model = model;
    state.cur = 0;
    ui.name.textContent = name;
    ui.timeline.max = String(model.turns.length - 1);
    drawStatic(model);
    setDiff(diff, k);
  }

  function setDiff(diff, k) {
    const model = state.model;
    state.diff = diff;
    state.mismatchTurn = -1;
    if (diff && !diff.match && !diff.error) {
      const t = model.turns.findIndex((x) => x.frame >= diff.frame);
      state.mismatchTurn = t >= 0 ? t : model.turns.length - 1;
      ui.banner.hidden = false;
      ui.banner.className = 'info';
      ui.banner.innerHTML = `Our referee first differs from this replay at frame ${esc(diff.frame)} (turn ${state.mismatchTurn}): ours are drawn as dashed ghosts, the differing fields are listed on the right.`;
    }
    drawDiffPanel();
    drawMarks();
    if (k === undefined) k = state.mismatchTurn >= 0 ? state.mismatchTurn : state.cur;
    seek(k);
  }

  async function getJSON(url) {
    const res = await fetch(url);
    const body = await res.json().catch(() => ({ error: `${url}: ${res.status} ${res.statusText}` }));
    if (!res.ok) throw new Error(body.error || `${url}: ${res.status}`);
    return body;
  }

  async function load(id, k) {
    // A later load, even of the same replay, makes this one stale.
    const seq = ++state.loads;
    const stale = () => seq !== state.loads;
    state.replayID = id;
    delete ui.field.dataset.diffLoaded;
    for (const li of ui.list.children) li.classList.toggle('current', li.dataset.id === id);
    let rep;
    try {
      rep = await getJSON('api/replay?replay=' + encodeURIComponent(id));
    } catch (e) {
      if (stale()) return;
      state.model = null;
      showError(e.message);
      return;
    }
    if (stale()) return;
    open(rep, id, null, k === undefined ? 0 : k);
    if (!state.model || !state.listing.diff) {
      ui.field.dataset.diffLoaded = '1';
      return;
    }
    try {
      const diff = await getJSON('api/diff?replay=' + encodeURIComponent(id));
      if (stale() || !state.model) return;
      // Jump to the mismatch unless a turn was asked for.
      setDiff(diff, k);
    } catch (e) {
      if (stale()) return;
      setDiff({ error: e.message });
    }
    ui.field.dataset.diffLoaded = '1';
  }

  async function listReplays() {
    try {
      state.listing = await getJSON('api/replays');
    } catch (e) {
      showError(e.message);
      return;
    }
    renderList();
    const h = new URLSearchParams(location.hash.slice(1));
    const want = h.get('replay');
    const turn = h.has('turn') ? Number(h.get('turn')) : undefined;
    const first = state.listing.replays.find((r) => r.id === want) || state.listing.replays[0];
    if (first) load(first.id, first.id === want ? turn : undefined);
    else showError('no replay (*.json) under the given paths');
  }

  function renderList() {
    const f = ui.filter.value.toLowerCase();
    ui.list.innerHTML = state.listing.replays
      .filter((r) => r.name.toLowerCase().includes(f))
      .map((r) => `<li data-id="${esc(r.id)}" title="${esc(r.id)}"${r.id === state.replayID ? ' class="current"' : ''}>${esc(r.name)}</li>`).join('');
  }

  // ---------------------------------------------------------------- wiring

  // typing reports whether el takes text, so that keys are its own.
  function typing(el) {
    if (!el || !el.tagName) return false;
    if (el.tagName === 'TEXTAREA' || el.tagName === 'SELECT') return true;
    return el.tagName === 'INPUT' && el.type !== 'range' && el.type !== 'checkbox';
  }

  SPEEDS.forEach((v, i) => {
    const o = document.createElement('option');
    o.value = String(i);
    o.textContent = `${v}×`;
    ui.speed.appendChild(o);
  });
  setSpeed(SPEEDS.indexOf(4));
  ui.speed.onchange = () => setSpeed(+ui.speed.value);
  $('first').onclick = () => { pause(); seek(0); };
  $('last').onclick = () => { pause(); seek(Infinity); };
  $('prev').onclick = () => step(-1);
  $('next').onclick = () => step(1);
  ui.play.onclick = () => (state.playing ? pause() : play());
  ui.timeline.oninput = () => { pause(); seek(+ui.timeline.value); };
  for (const o of [ui.optTrails, ui.optTargets, ui.optMessages, ui.optGhosts]) o.onchange = () => render();
  ui.list.onclick = (e) => {
    const li = e.target.closest('li');
    if (li) load(li.dataset.id);
  };
  ui.filter.oninput = renderList;
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (typing(e.target)) return;
    switch (e.key) {
      case ' ': state.playing ? pause() : play(); break;
      case 'ArrowRight': step(1); break;
      case 'ArrowLeft': step(-1); break;
      case 'Home': pause(); seek(0); break;
      case 'End': pause(); seek(Infinity); break;
      case '+': case '=': setSpeed(speedIndex() + 1); break;
      case '-': case '_': setSpeed(speedIndex() - 1); break;
      default: return;
    }
    e.preventDefault();
  });

  // A focused button or check box would also act on the Space that
  // plays or pauses: its default action comes on key up.
  document.addEventListener('keyup', (e) => {
    if (e.key === ' ' && !typing(e.target)) e.preventDefault();
  });

  // Tests and curious people: the viewer's state, read-only by convention,
  // and its parser: impulseParse(replayJSON, name) returns the model drawn,
  // or throws an error naming the frame and field.
  window.impulseViewer = state;
  window.impulseParse = parse;

  const embedded = $('impulse-data');
  if (embedded) {
    ui.body.classList.add('single');
    let data;
    try {
      data = JSON.parse(embedded.textContent);
    } catch (e) {
      showError('the embedded replay is not valid JSON: ' + e.message);
      return;
    }
    state.listing = { replays: [], diff: false };
    open(data.replay, data.name, data.diff || null);
    ui.field.dataset.diffLoaded = '1';
  } else {
    listReplays();
  }
})();
