package main

import (
	"errors"
	"fmt"
	"go/ast"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// games maps the -game flag to the build tags of the bundle: tag contest
// leaves out what a contest build must not have (profiling, which needs a
// package outside the standard library; the flags, which -flags replaces
// by values baked in), and each game selects its files of cmd/bot.
var games = map[string][]string{
	"csb": {"contest"},
	"fb":  {"contest", "fb"},
}

// beamTag is the build tag that puts the engine's beam search into the
// contest build (bot/beam.go; without it, bot/nobeam.go, and the bot
// refuses strategy beam). bundle adds it to the game's tags when, and
// only when, the baked settings choose strategy beam: the other bundles
// leave the beam's code out.
const beamTag = "beam"

// options say what to bundle and how.
type options struct {
	dir     string   // the module's directory ("" for the current one)
	pattern string   // the command's package: ./cmd/bot
	tags    []string // build tags
	game    string   // csb, fb, or "" (testdata)
	// others are the path elements that mark packages of the other games.
	others        []string
	stripComments bool
	// keepUnused emits every declaration, reachable or not (see prune).
	keepUnused bool
	// flags, when not nil, are baked into the bundle (see baked.go).
	flags []string
}

// result is a bundle and what the checks need to name its lines.
type result struct {
	src    []byte
	decls  []declInfo
	goroot string
	units  []string // the merged packages, in output order
	// warnings are the merging hazards found (see unexportedMethods);
	// verify returns the others.
	warnings []string
	// dropped counts the declarations left out as unreachable.
	dropped int
	// stripped, when not nil, is the same bundle without comments, made
	// because this one is over the size limit: the size message gives both.
	stripped *result
}

// bundle loads the command, renames and emits it. It does not run the
// Go 1.18 and compile checks (see verify).
func bundle(opt options) (*result, error) {
	// The tags are needed before loading, the settings function's body
	// after it: the beam is chosen by -flags alone, and bake checks that
	// the body does not choose it.
	tags := opt.tags
	beam := opt.flags != nil && bakesBeam(opt.game, opt.flags)
	if beam {
		tags = append(tags[:len(tags):len(tags)], beamTag)
	}
	p, err := load(opt.dir, opt.pattern, tags)
	if err != nil {
		return nil, err
	}
	if err := p.checkGame(opt.others); err != nil {
		return nil, err
	}
	n := newNamer(p)
	n.assign()
	warnings := n.unexportedMethods()
	var baked *ast.FuncDecl
	if opt.flags != nil {
		if baked, err = p.bake(opt.game, opt.flags, beam); err != nil {
			return nil, err
		}
	}
	about := fmt.Sprintf("Bundle of %s", p.root.PkgPath)
	if opt.game != "" {
		about += " for " + opt.game
	}
	if len(tags) > 0 {
		about += " (build tags " + strings.Join(tags, ",") + ")"
	}
	about += "."
	var mods []string
	for _, u := range p.units {
		if isThirdParty(u) {
			mods = append(mods, modString(u.Module))
		}
	}
	if mods = dedup(mods); len(mods) > 0 {
		sort.Strings(mods)
		about += " It holds packages of " + strings.Join(mods, ", ") + "."
	}
	if opt.flags != nil {
		about += fmt.Sprintf(" Flags baked in: %s.", strings.Join(opt.flags, " "))
	}
	eo := emitOptions{stripComments: opt.stripComments, about: about}
	if !opt.keepUnused {
		eo.pruned = n.prune()
		if baked != nil && !eo.pruned.keep[baked] {
			return nil, fmt.Errorf("-flags: %s never calls %s: the baked flags would change nothing", p.root.PkgPath, settingsFunc)
		}
	}
	src, decls, err := n.emit(eo)
	if err != nil {
		return nil, err
	}
	res := &result{src: src, decls: decls, goroot: p.goroot, warnings: warnings}
	if eo.pruned != nil {
		res.dropped = eo.pruned.dropped
	}
	for _, u := range p.units {
		res.units = append(res.units, u.PkgPath)
	}
	return res, nil
}

// verify runs the checks on a bundle written as name: size, Go 1.18
// language and API, compiling alone. It returns the executable built in
// dir (a temporary directory when dir is ""), and warnings about loops
// whose variable semantics differ between Go 1.18 and the Go that builds
// the unbundled bot.
func verify(res *result, name, dir string) (exe string, warnings []string, err error) {
	var errs []string
	if n, line := size(res.src); n > sizeLimit {
		errs = append(errs, fmt.Sprintf("%s: too big for CodinGame: %s: %s", name, line, overLimit(res, res.stripped)))
	}
	api, err := loadAPI(res.goroot)
	if err != nil {
		return "", nil, err
	}
	if msgs := checkGo118(name, res.src, res.decls, api); len(msgs) > 0 {
		errs = append(errs, fmt.Sprintf("not Go 1.18 (CodinGame compiles with Go 1.18.1):\n%s", strings.Join(msgs, "\n")))
	}
	if len(errs) > 0 {
		return "", nil, errors.New(strings.Join(errs, "\n"))
	}
	if dir == "" {
		if dir, err = os.MkdirTemp("", "bundle"); err != nil {
			return "", nil, err
		}
		defer os.RemoveAll(dir)
	}
	lv := filepath.Join(dir, "loopvar")
	if err := os.MkdirAll(lv, 0o755); err != nil {
		return "", nil, err
	}
	if exe, err = compile(dir, name, res.src, res.decls); err != nil {
		return "", nil, err
	}
	if warnings, err = loopvars(lv, name, res.src, res.decls); err != nil {
		return "", nil, err
	}
	return exe, warnings, nil
}
