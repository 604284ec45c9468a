package view

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"impulse/referee/csbref"
)

func TestFieldDiffs(t *testing.T) {
	type pod struct{ X, Y float64 }
	type view struct {
		Pods  []pod
		Names map[string]string
		Note  *string
	}
	note := "n"
	tests := []struct {
		name          string
		official, our any
		want          []FieldDiff
	}{
		{"equal", view{Pods: []pod{{1, 2}}}, view{Pods: []pod{{1, 2}}}, nil},
		{
			"a leaf in a list",
			view{Pods: []pod{{1, 2}, {3, 4}}}, view{Pods: []pod{{1, 2}, {3, 5}}},
			[]FieldDiff{{"Pods[1].Y", 4.0, 5.0}},
		},
		{
			"a longer list and a map key on one side",
			view{Pods: []pod{{1, 2}}, Names: map[string]string{"a": "x"}},
			view{Pods: []pod{{1, 2}, {7, 8}}, Names: map[string]string{"a": "x", "b": "y"}},
			[]FieldDiff{
				{"Names.b", nil, "y"},
				{"Pods[1]", nil, map[string]any{"X": 7.0, "Y": 8.0}},
			},
		},
		{
			"nil list against a list",
			view{}, view{Pods: []pod{{1, 2}}},
			[]FieldDiff{{"Pods[0]", nil, map[string]any{"X": 1.0, "Y": 2.0}}},
		},
		{
			"a pointer that one side lacks",
			view{Note: &note}, view{},
			[]FieldDiff{{"Note", "n", nil}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := FieldDiffs(tc.official, tc.our)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("FieldDiffs (-want +got):\n%s", d)
			}
		})
	}
}

func TestFieldDiffsBounded(t *testing.T) {
	a, b := make([]int, 1000), make([]int, 1000)
	for i := range b {
		b[i] = 1
	}
	got, err := FieldDiffs(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != maxFields {
		t.Errorf("%d fields listed, want the first %d", len(got), maxFields)
	}
}

func TestDiffReplayMismatch(t *testing.T) {
	// perturbedCSB moves pod 0 on frame 2 from 13140 (the official engine's
	// value, csb-002.json) to 13177: our referee, fed the same outputs,
	// puts it at 13140.
	info := DiffReplay(perturbedCSB(t))
	if info.Error != "" {
		t.Fatal(info.Error)
	}
	if info.Match || info.Frame != 2 || info.Game != "csb" {
		t.Fatalf("DiffReplay: match %v, game %q, frame %d; want a csb mismatch at frame 2", info.Match, info.Game, info.Frame)
	}
	if info.Ours == nil || info.Theirs == nil {
		t.Fatal("no frames to draw")
	}
	if v, ok := info.Ours.View.(*csbref.View); !ok || v.Pods[0].X != 13140 {
		t.Errorf("ours: %#v, want a CSBView with pod 0 at x 13140", info.Ours.View)
	}
	found := false
	for _, f := range info.Fields {
		if f.Path == "View.Pods[0].X" {
			found = true
			if f.Official != 13177.0 || f.Ours != 13140.0 {
				t.Errorf("View.Pods[0].X: official %v ours %v, want 13177 and 13140", f.Official, f.Ours)
			}
		}
	}
	if !found {
		t.Errorf("fields %v lack View.Pods[0].X", info.Fields)
	}
}

func TestDiffReplayError(t *testing.T) {
	for _, in := range []string{
		`not json`,
		`{"gameResult": {"frames": [{"view": " 0\nNoSuchGame\n", "keyframe": true, "agentId": -1}]}}`,
	} {
		info := DiffReplay([]byte(in))
		if info.Error == "" || info.Match {
			t.Errorf("DiffReplay(%s) = %+v, want an error and no match", in, info)
		}
	}
}
