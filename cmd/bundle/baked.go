package main

import (
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"

	"impulse/bot"
	"impulse/bot/csb"
	"impulse/bot/fb"
)

// Baked settings. CodinGame runs the bot without arguments, and the
// contest build of cmd/bot has no flags (their code would cost the bundle
// about 5,000 characters): the settings a bundle plays with are written
// into it as Go values. The command declares
//
//	func settings() (cfg config) {
//		cfg.Seed = 1
//		return
//	}
//
// whose body assigns constants to fields of its result, and plays with
// what it returns. -flags "-strategy beam -w-robust 0.7" is parsed here, at
// bundle time, by the bot's own RegisterFlags (this command imports the
// bots' packages), over the settings that body gives; the bot's own
// checks (NewBot) then run on the result, so that a value the bot would
// refuse when it starts is a bundle-time error naming the flag. The body
// is replaced by assignments of the values (see assignments), and the
// assignments are checked to give the bot what the flags give the
// unbundled one. The flags are parsed by the bot packages this command was
// built with: with -C, bundle a checkout with the bundler built from it.

// settingsFunc is the name of the command's function that returns the
// settings it plays with.
const settingsFunc = "settings"

// gameSettings is what baking needs of a game's Config: its type, its
// flags and the bot's checks.
type gameSettings struct {
	typ reflect.Type
	// register defines the flags on fs, bound to the fields of the Config
	// at v (addressable), with its values as defaults, the game's where a
	// part is zero: it first sets the zero parts to the game's defaults.
	register func(v reflect.Value, fs *flag.FlagSet)
	// check returns the error of the bot started with the Config v.
	check func(v reflect.Value) error
	// botHelp is the command that lists the bot's flags.
	botHelp string
}

// settingsOf returns a game's gameSettings from its Config's RegisterFlags
// and its NewBot.
func settingsOf[C any, B any](register func(*C, *flag.FlagSet), newBot func(C) (B, error), botHelp string) gameSettings {
	return gameSettings{
		typ:      reflect.TypeOf((*C)(nil)).Elem(),
		register: func(v reflect.Value, fs *flag.FlagSet) { register(v.Addr().Interface().(*C), fs) },
		check: func(v reflect.Value) error {
			_, err := newBot(v.Interface().(C))
			return err
		},
		botHelp: botHelp,
	}
}

// bakers are the games whose settings can be baked, by -game.
var bakers = map[string]gameSettings{
	"csb": settingsOf((*csb.Config).RegisterFlags, csb.NewBot, "go run ./cmd/bot -h"),
	"fb":  settingsOf((*fb.Config).RegisterFlags, fb.NewBot, "go run -tags fb ./cmd/bot -h"),
}

// assignment sets the field at path (field names, embedded structs' left
// out: promoted) to v.
type assignment struct {
	path []string
	v    reflect.Value
}

// bake parses args as the game's bot does, over the settings that the
// root package's settings function gives, checks them as the bot does,
// and replaces the function's body with assignments of the values. It
// returns the function's declaration. beam says whether the program was
// loaded with the beam search (beamTag, from bakesBeam): the settings must
// choose strategy beam if and only if it was.
func (p *program) bake(game string, args []string, beam bool) (*ast.FuncDecl, error) {
	gs, ok := bakers[game]
	if !ok {
		return nil, fmt.Errorf("-flags: no settings of game %q to bake (want %s)", game, strings.Join(sortedKeys(bakers), " or "))
	}
	fd, result, err := p.settingsDecl(gs.typ)
	if err != nil {
		return nil, err
	}
	start := reflect.New(gs.typ).Elem()
	info := p.root.TypesInfo
	for _, s := range fd.Body.List {
		switch s := s.(type) {
		case *ast.AssignStmt:
			var path []string
			var c constant.Value
			if len(s.Lhs) == 1 && len(s.Rhs) == 1 && s.Tok == token.ASSIGN {
				path, c = fieldPath(s.Lhs[0], result), info.Types[s.Rhs[0]].Value
			}
			if path == nil || c == nil {
				return nil, fmt.Errorf("-flags: %s: %s's body must assign constants to fields of %s (%s.Field = constant), to bake flags over them",
					p.relPos(s.Pos()), settingsFunc, result, result)
			}
			if err := setConstant(start, path, c); err != nil {
				return nil, fmt.Errorf("-flags: %s: %v", p.relPos(s.Pos()), err)
			}
		case *ast.ReturnStmt:
			if len(s.Results) > 0 {
				if id, ok := s.Results[0].(*ast.Ident); !ok || len(s.Results) > 1 || id.Name != result {
					return nil, fmt.Errorf("-flags: %s: %s must return %s", p.relPos(s.Pos()), settingsFunc, result)
				}
			}
		default:
			return nil, fmt.Errorf("-flags: %s: %s's body must assign constants to fields of %s (%s.Field = constant), to bake flags over them",
				p.relPos(s.Pos()), settingsFunc, result, result)
		}
	}
	list, err := gs.parse(start, args)
	if err != nil {
		return nil, err
	}
	if chosen := gs.strategy(start, args) == bot.StrategyBeam; chosen != beam {
		return nil, fmt.Errorf("-flags: %s: %s's body chooses strategy %s, which the build tags cannot follow: the tag %s, which puts the beam search in the bundle, is chosen from -flags before the body is read (give -strategy %s in -flags)",
			p.relPos(fd.Pos()), settingsFunc, bot.StrategyBeam, beamTag, bot.StrategyBeam)
	}
	pos := fd.Body.Lbrace
	var body []ast.Stmt
	for _, a := range list {
		lhs := ast.Expr(&ast.Ident{NamePos: pos, Name: result})
		for _, name := range a.path {
			lhs = &ast.SelectorExpr{X: lhs, Sel: &ast.Ident{NamePos: pos, Name: name}}
		}
		body = append(body, &ast.AssignStmt{Lhs: []ast.Expr{lhs}, TokPos: pos, Tok: token.ASSIGN, Rhs: []ast.Expr{literal(a.v, pos)}})
	}
	fd.Body.List = append(body, &ast.ReturnStmt{Return: pos})
	return fd, nil
}

// settingsDecl finds the root package's settings function, which must
// return one named result of type typ.
func (p *program) settingsDecl(typ reflect.Type) (fd *ast.FuncDecl, result string, err error) {
	obj, _ := p.root.Types.Scope().Lookup(settingsFunc).(*types.Func)
	if obj == nil {
		return nil, "", fmt.Errorf("-flags: %s declares no function %s: to take baked flags, it declares func %s() (cfg config), assigning constants to fields of cfg, and plays with what it returns",
			p.root.PkgPath, settingsFunc, settingsFunc)
	}
	sig := obj.Type().(*types.Signature)
	named, _ := types.Unalias(sig.Results().At(0).Type()).(*types.Named)
	if sig.Recv() != nil || sig.Params().Len() > 0 || sig.Results().Len() != 1 || sig.Results().At(0).Name() == "" ||
		named == nil || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != typ.PkgPath() || named.Obj().Name() != typ.Name() {
		return nil, "", fmt.Errorf("-flags: %s: %s is a %s, want func() (cfg %s.%s)", p.relPos(obj.Pos()), settingsFunc, sig, typ.PkgPath(), typ.Name())
	}
	for _, f := range p.root.Syntax {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && p.root.TypesInfo.Defs[fd.Name] == obj {
				return fd, sig.Results().At(0).Name(), nil
			}
		}
	}
	return nil, "", fmt.Errorf("-flags: %s: the declaration of %s is not in the command's files", p.relPos(obj.Pos()), settingsFunc)
}

// bakesBeam reports whether args, parsed by the game's bot's own flags,
// choose strategy beam: the bundle then needs the beam search (beamTag).
// It is asked before the program is loaded, so over the zero settings, not
// over the settings function's body (bake checks that the body agrees);
// args that do not parse choose nothing here, and bake reports them.
func bakesBeam(game string, args []string) bool {
	gs, ok := bakers[game]
	return ok && gs.strategy(reflect.New(gs.typ).Elem(), args) == bot.StrategyBeam
}

// strategy returns the strategy that args choose over start, as the bot's
// flag -strategy reads it ("" for the default, or when args do not parse).
func (gs gameSettings) strategy(start reflect.Value, args []string) string {
	_, fs := gs.flags(start)
	f := fs.Lookup("strategy")
	if f == nil || fs.Parse(args) != nil {
		return ""
	}
	return f.Value.String()
}

// fieldPath returns the field names of e when it is a selector chain
// root.A.B, or nil.
func fieldPath(e ast.Expr, root string) []string {
	var path []string
	for {
		switch s := e.(type) {
		case *ast.SelectorExpr:
			path = append([]string{s.Sel.Name}, path...)
			e = s.X
			continue
		case *ast.Ident:
			if s.Name == root && len(path) > 0 {
				return path
			}
		}
		return nil
	}
}

// parse returns the assignments that give the settings args give over
// start, or an error naming the flags the bot refuses.
func (gs gameSettings) parse(start reflect.Value, args []string) ([]assignment, error) {
	for _, a := range args {
		switch a {
		case "-h", "-help", "--h", "--help":
			return nil, fmt.Errorf("-flags: %s would make the bot print its usage and exit", a)
		}
	}
	parsed, fs := gs.flags(start)
	if err := fs.Parse(args); err != nil {
		return nil, fmt.Errorf("-flags %q: %v (%s lists the bot's flags)", strings.Join(args, " "), err, gs.botHelp)
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("-flags %q: %q is not a flag (%s lists the bot's flags)", strings.Join(args, " "), fs.Arg(0), gs.botHelp)
	}
	if err := gs.check(parsed); err != nil {
		// Each flag alone over start, to name those the bot refuses.
		var bad []string
		fs.Visit(func(f *flag.Flag) {
			one, ofs := gs.flags(start)
			if ofs.Set(f.Name, f.Value.String()) == nil {
				if err := gs.check(one); err != nil {
					bad = append(bad, fmt.Sprintf("-flags: -%s %s: the bot refuses it: %v", f.Name, f.Value, err))
				}
			}
		})
		if len(bad) == 0 {
			return nil, fmt.Errorf("-flags %q: the bot refuses them together: %v", strings.Join(args, " "), err)
		}
		return nil, errors.New(strings.Join(bad, "\n"))
	}
	list, err := gs.assign(start, parsed, fs)
	if err != nil {
		return nil, fmt.Errorf("-flags %q: %v", strings.Join(args, " "), err)
	}
	return list, nil
}

// assign returns the assignments that give the settings parsed, which the
// flags fs (bound to its fields) set over start, and checks that they do.
func (gs gameSettings) assign(start, parsed reflect.Value, fs *flag.FlagSet) ([]assignment, error) {
	// The flag of each field, by its address, to name a value that Go
	// constants cannot hold.
	flagOf := map[uintptr]string{}
	fs.VisitAll(func(f *flag.Flag) { flagOf[reflect.ValueOf(f.Value).Pointer()] = "-" + f.Name })
	def, _ := gs.flags(start)
	list := assignments(parsed, def)
	for i, a := range list {
		if err := bakeable(a.v); err != nil {
			name := flagOf[a.v.Addr().Pointer()]
			if name == "" {
				name = strings.Join(a.path, ".")
			}
			return nil, fmt.Errorf("%s %v: %v", name, a.v, err)
		}
		list[i].v = reflect.ValueOf(a.v.Interface()) // a copy
	}
	// What the bundle's settings return, with the zero parts filled in by
	// the bot, must be what the flags give.
	baked := reflect.New(parsed.Type()).Elem()
	for _, a := range list {
		baked.FieldByIndex(fieldIndex(baked.Type(), a.path)).Set(a.v)
	}
	want, _ := gs.flags(parsed)
	if got, _ := gs.flags(baked); !reflect.DeepEqual(got.Interface(), want.Interface()) {
		return nil, fmt.Errorf("the baked settings would play %+v, the flags give %+v (a bug of cmd/bundle)", got, want)
	}
	return list, nil
}

// flags returns a copy of start and the bot's flags bound to it, the zero
// parts set to the game's defaults.
func (gs gameSettings) flags(start reflect.Value) (reflect.Value, *flag.FlagSet) {
	v := reflect.New(start.Type()).Elem()
	v.Set(start)
	fs := flag.NewFlagSet("bot", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	gs.register(v, fs)
	return v, fs
}

// assignments returns the assignments that make a zero Config play as v:
// each field that is not zero, but for the parts equal to def's, left
// zero (the game's defaults, which def holds). A part is a struct field
// that is not embedded (the weights, the settings): the bot takes a zero
// part for the game's default, so that the fields of a part v changes are
// all assigned. The fields of an embedded struct are promoted, each
// assigned alone.
func assignments(v, def reflect.Value) []assignment {
	var list []assignment
	var walk func(v, def reflect.Value, path []string, inPart bool)
	walk = func(v, def reflect.Value, path []string, inPart bool) {
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue // no flag sets it; the check of the whole compares it
			}
			fv, fd := v.Field(i), def.Field(i)
			switch {
			case f.Type.Kind() == reflect.Struct && f.Anonymous:
				walk(fv, fd, path, inPart)
			case f.Type.Kind() == reflect.Struct:
				if inPart || !reflect.DeepEqual(fv.Interface(), fd.Interface()) {
					walk(fv, fd, append(path[:len(path):len(path)], f.Name), true)
				}
			case !isZero(fv):
				list = append(list, assignment{append(path[:len(path):len(path)], f.Name), fv})
			}
		}
	}
	walk(v, def, nil, false)
	return list
}

// isZero reports whether v is its type's zero value, a negative zero not
// (so that bakeable refuses it).
func isZero(v reflect.Value) bool {
	if k := v.Kind(); k == reflect.Float32 || k == reflect.Float64 {
		return math.Float64bits(v.Float()) == 0
	}
	return v.IsZero()
}

// fieldIndex returns the index sequence of the field at path in t
// (promoted names looked up through embedded structs).
func fieldIndex(t reflect.Type, path []string) []int {
	var index []int
	for _, name := range path {
		f, ok := t.FieldByName(name)
		if !ok {
			panic("cmd/bundle: no field " + name + " in " + t.String())
		}
		index = append(index, f.Index...)
		t = f.Type
	}
	return index
}

// setConstant sets the field of v at path to the constant c.
func setConstant(v reflect.Value, path []string, c constant.Value) error {
	t := v.Type()
	for _, name := range path {
		f, ok := t.FieldByName(name)
		if !ok {
			return fmt.Errorf("%s has no field %s", t, name)
		}
		t = f.Type
	}
	f := v.FieldByIndex(fieldIndex(v.Type(), path))
	ok := false
	switch f.Kind() {
	case reflect.Bool:
		if ok = c.Kind() == constant.Bool; ok {
			f.SetBool(constant.BoolVal(c))
		}
	case reflect.String:
		if ok = c.Kind() == constant.String; ok {
			f.SetString(constant.StringVal(c))
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		var n int64
		if n, ok = constant.Int64Val(constant.ToInt(c)); ok {
			f.SetInt(n)
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		var n uint64
		if n, ok = constant.Uint64Val(constant.ToInt(c)); ok {
			f.SetUint(n)
		}
	case reflect.Float32, reflect.Float64:
		var x float64
		x, _ = constant.Float64Val(constant.ToFloat(c))
		ok = c.Kind() == constant.Int || c.Kind() == constant.Float
		f.SetFloat(x)
	}
	if !ok {
		return fmt.Errorf("cannot set %s (%s) to %s", strings.Join(path, "."), f.Type(), c)
	}
	return nil
}

// bakeable returns an error when v cannot be written as a Go constant.
func bakeable(v reflect.Value) error {
	switch v.Kind() {
	case reflect.Bool, reflect.String,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return nil
	case reflect.Float32, reflect.Float64:
		switch x := v.Float(); {
		case math.IsNaN(x) || math.IsInf(x, 0):
			return errors.New("not a finite number, which a Go constant cannot be")
		case x == 0 && math.Signbit(x):
			return errors.New("a negative zero, which a Go constant cannot be (write 0)")
		}
		return nil
	}
	return fmt.Errorf("a %s cannot be baked", v.Type())
}

// literal returns v as a Go constant expression at pos: an untyped
// constant, which takes the field's type.
func literal(v reflect.Value, pos token.Pos) ast.Expr {
	var s string
	kind := token.INT
	switch v.Kind() {
	case reflect.Bool:
		return &ast.Ident{NamePos: pos, Name: strconv.FormatBool(v.Bool())}
	case reflect.String:
		s, kind = strconv.Quote(v.String()), token.STRING
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		s = strconv.FormatInt(v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		s = strconv.FormatUint(v.Uint(), 10)
	case reflect.Float32, reflect.Float64:
		s, kind = strconv.FormatFloat(v.Float(), 'g', -1, v.Type().Bits()), token.FLOAT
	}
	if neg := strings.HasPrefix(s, "-"); neg {
		return &ast.UnaryExpr{OpPos: pos, Op: token.SUB, X: &ast.BasicLit{ValuePos: pos, Kind: kind, Value: s[1:]}}
	}
	return &ast.BasicLit{ValuePos: pos, Kind: kind, Value: s}
}
