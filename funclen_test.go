package impulse_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// maxFuncLines bounds a function of referee/ and cmd/, tests included
// (issue 30): a longer one is split along the phases it has.
const maxFuncLines = 80

// TestFunctionLengths checks that no function declared in referee/ or
// cmd/ (testdata aside) is longer than maxFuncLines, naming each.
func TestFunctionLengths(t *testing.T) {
	fset := token.NewFileSet()
	for _, root := range []string{"referee", "cmd"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, ".go") {
				return nil
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			for _, decl := range f.Decls {
				fn, ok := decl.(*ast.FuncDecl)
				if !ok {
					continue
				}
				start, end := fset.Position(fn.Pos()), fset.Position(fn.End())
				if n := end.Line - start.Line + 1; n > maxFuncLines {
					t.Errorf("%s: %s is %d lines, want %d at most", start, fn.Name.Name, n, maxFuncLines)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
