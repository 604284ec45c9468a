package report

import "html/template"

// Style is the report page's CSS, for the pages written in its style
// (the league's).
const Style = `body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em auto; max-width: 1100px; padding: 0 1em; color: #222; }
h1 { font-size: 1.4em; margin-bottom: 0.2em; }
h2 { font-size: 1.1em; margin-top: 1.8em; border-bottom: 1px solid #ddd; }
.sources { color: #666; font-size: 0.9em; }
.figures { display: flex; flex-wrap: wrap; gap: 1em; margin: 1em 0; }
.figure { border: 1px solid #ddd; border-radius: 6px; padding: 0.6em 1em; min-width: 9em; }
.figure .label { color: #666; font-size: 0.85em; }
.figure .value { font-size: 1.2em; font-weight: 600; }
pre { background: #f6f6f6; padding: 0.8em; overflow-x: auto; font-size: 12.5px; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #ddd; padding: 0.25em 0.6em; text-align: right; }
th { background: #f3f3f3; }
td.won { background: #e3f3e3; } td.lost { background: #f8e1e1; } td.draw { background: #f3f3e0; }
figure { margin: 1em 0; } figcaption { color: #555; font-size: 0.9em; }
svg { max-width: 100%; height: auto; }
`

// pageTemplate is the report page: plain HTML and CSS, the charts inline
// SVG, no script and nothing fetched.
var pageTemplate = template.Must(template.New("report").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
<style>
` + Style + `</style>
</head>
<body>
<h1>{{.Title}}</h1>
{{if .Sources}}<div class="sources">from {{range $i, $s := .Sources}}{{if $i}}, {{end}}<code>{{$s}}</code>{{end}}</div>{{end}}
<div class="figures">
<div class="figure"><div class="label">games</div><div class="value" id="games">{{.Games}}</div></div>
<div class="figure"><div class="label">pairs</div><div class="value" id="pairs">{{.Pairs}}</div></div>
<div class="figure"><div class="label">score of {{.P1}}</div><div class="value" id="score">{{or .Score "-"}}</div></div>
<div class="figure"><div class="label">Elo of {{.P1}}</div><div class="value" id="elo">{{or .Elo "-"}}</div></div>
<div class="figure"><div class="label">LOS</div><div class="value" id="los">{{or .LOS "-"}}</div></div>
</div>
{{if .SPRT}}<p id="sprt">{{.SPRT}}</p>{{end}}
<h2>The table</h2>
<pre id="table">{{.Table}}</pre>
{{range .Charts}}
<h2>{{.Title}}</h2>
<figure id="{{.ID}}">{{.SVG}}<figcaption>{{.Caption}}</figcaption></figure>
{{end}}
<h2>By seat</h2>
<table id="seats">
<tr><th>{{.P1}} in seat</th><th>wins</th><th>draws</th><th>losses</th><th>score</th></tr>
{{range .Seats}}<tr><td>{{.Seat}}</td><td>{{.Wins}}</td><td>{{.Draws}}</td><td>{{.Losses}}</td><td>{{.Rate}}</td></tr>
{{end}}</table>
<h2>Time limit</h2>
<table id="times">
<tr><th>bot</th><th>games answered</th><th>games with an answer over half the limit{{if .Limit}} ({{.Limit}}){{end}}</th></tr>
{{range .Times}}<tr><td>{{.Name}}</td><td>{{.Games}}</td><td>{{if $.Limit}}{{.OverHalf}}{{else}}-{{end}}</td></tr>
{{end}}</table>
<h2>End reasons</h2>
<table id="ends">
<tr><th>end</th><th>games</th><th>by {{.P1}}</th><th>by {{.P2}}</th></tr>
{{range .Ends}}<tr><td>{{.Reason}}</td><td>{{.Games}}</td><td>{{.ByP1}}</td><td>{{.ByP2}}</td></tr>
{{end}}</table>
<h2>By seed</h2>
{{if .ViewerHint}}<p>{{.ViewerHint}}</p>{{end}}
<table id="seeds">
<tr><th>seed</th><th>{{.P1}} first</th><th>turns</th><th>end</th><th>{{.P1}} second</th><th>turns</th><th>end</th><th>{{.P1}}'s points</th></tr>
{{range .Seeds}}<tr><td>{{.Seed}}</td>{{range .Results}}<td class="{{.Class}}">{{if .Viewer}}<a href="{{.Viewer}}" title="{{.Replay}}">{{.Result}}</a>{{else}}{{.Result}}{{end}}</td><td>{{.Turns}}</td><td>{{.End}}</td>{{end}}<td>{{.Points}}</td></tr>
{{end}}</table>
</body>
</html>
`))
