package sitebuild

import (
	"fmt"
	"html"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/memview"
	"github.com/infercost/infercost/wasm/model"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/perf"
	"github.com/infercost/infercost/wasm/pricingview"
	"github.com/infercost/infercost/wasm/serving"
	"github.com/infercost/infercost/wasm/sitedata"
	"github.com/infercost/infercost/wasm/tcoview"
	"github.com/infercost/infercost/wasm/view"
)

// htmlTable writes a table with a header row: the head is text (escaped),
// the cells HTML.
func htmlTable(head []string, rows [][]string) string {
	var b strings.Builder
	b.WriteString(tableStart(head))
	b.WriteString("<tbody>")
	writeRows(&b, rows)
	b.WriteString("</tbody>" + tableEnd)
	return b.String()
}

// tableStart opens a table that scrolls sideways on a narrow screen, and
// writes its head row; tableEnd closes it.
func tableStart(head []string) string {
	var b strings.Builder
	b.WriteString(`<div class="scroll"><table><thead><tr>`)
	for _, h := range head {
		b.WriteString("<th>" + html.EscapeString(h) + "</th>")
	}
	b.WriteString("</tr></thead>")
	return b.String()
}

const tableEnd = "</table></div>\n"

// writeRows writes rows of table cells, given as HTML.
func writeRows(b *strings.Builder, rows [][]string) {
	for _, r := range rows {
		b.WriteString("<tr>")
		for _, c := range r {
			b.WriteString("<td>" + c + "</td>")
		}
		b.WriteString("</tr>")
	}
}

// claimsHTML renders the claims table of a preset's page, with the
// columns the preset compares and the rows that have something to show.
func claimsHTML(tables []view.Table, corner string) string {
	for _, t := range tables {
		if t.ID != "claims" {
			continue
		}
		head := []string{corner}
		for _, c := range t.Columns {
			if !c.Hidden {
				head = append(head, c.Title)
			}
		}
		var rows [][]string
		for _, r := range t.Rows {
			row := []string{html.EscapeString(r.Label)}
			shown := false
			for i, c := range t.Columns {
				if !c.Hidden {
					row = append(row, html.EscapeString(r.Cells[i].Text))
					shown = shown || r.Cells[i].Text != "–"
				}
			}
			if shown {
				rows = append(rows, row)
			}
		}
		return htmlTable(head, rows)
	}
	return ""
}

// inLangs renders each table in every language of msgs: under its name
// in English, and under NAME-LANG in another language, as a German page
// embeds "data-sources-de". One renderer a table, given the language's
// catalog.
func inLangs(msgs map[string]*msg.Catalog, tables map[string]func(m *msg.Catalog) string) map[string]func() string {
	out := map[string]func() string{}
	for name, table := range tables {
		for _, l := range langs {
			if m := msgs[l]; m != nil {
				out[suffixed(name, l)] = func() string { return table(m) }
			}
		}
	}
	return out
}

// suffixed is a name in a language: as it is in English, NAME-LANG in
// another (a table's block name, a feed entry's id).
func suffixed(name, lang string) string {
	if lang == "en" {
		return name
	}
	return name + "-" + lang
}

// heads returns the messages of keys, for a table's header row.
func heads(m *msg.Catalog, keys ...string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = m.T(k)
	}
	return out
}

// DataTables are the tables articles can embed, keyed by block name, in
// every language of msgs (see inLangs).
func DataTables(all sitedata.Data, base string, msgs map[string]*msg.Catalog) map[string]func() string {
	d := all.TCOData()
	mem := all.MemoryData()
	lookup := func(key string) (string, string) {
		for _, srcs := range []fact.Sources{d.GPUs.Sources, d.Sources, mem.Models.Sources, mem.Sources, all.Pricing.APIs.Sources, all.Pricing.Sources, all.Perf.Sources} {
			if s, ok := srcs[key]; ok {
				return s.Title, s.URL
			}
		}
		return key, ""
	}
	// srcLink links a source; a page of this site in the page's language.
	srcLink := func(m *msg.Catalog, key string) string {
		title, url := lookup(key)
		return `<a href="` + html.EscapeString(site.Meta{Base: base, Lang: m.Lang}.SourceURL(url)) + `">` + html.EscapeString(title) + `</a>`
	}
	// dagger marks a figure from a secondary source only.
	dagger := func(m *msg.Catalog) string {
		return ` <abbr title="` + html.EscapeString(m.T("doc.t.unconfirmed")) + `">†</abbr>`
	}
	// fig writes a figure with the decimals the data gives it, no more.
	fig := func(m *msg.Catalog, f *fact.Figure) string {
		if f == nil {
			return "–"
		}
		s := html.EscapeString(m.Num(f.Value, -1))
		if f.Unconfirmed {
			s += dagger(m)
		}
		return s
	}
	// defaults is a table of defaults: each one's value, source, as-of
	// date and the data's note.
	type named struct {
		key string
		f   fact.Figure
	}
	defaults := func(m *msg.Catalog, rows []named, more ...[]string) string {
		var out [][]string
		for _, r := range rows {
			f := r.f
			out = append(out, []string{html.EscapeString(m.T(r.key)), fig(m, &f), srcLink(m, f.Source), html.EscapeString(m.Date(f.AsOf)), html.EscapeString(f.NoteText(m))})
		}
		out = append(out, more...)
		return htmlTable(heads(m, "doc.t.default", "doc.t.value", "doc.t.source", "doc.t.as_of", "doc.t.note"), out)
	}
	return inLangs(msgs, map[string]func(m *msg.Catalog) string{
		"gpus": func(m *msg.Catalog) string {
			var rows [][]string
			for _, g := range d.GPUs.GPUs {
				rows = append(rows, []string{html.EscapeString(g.Vendor + " " + g.Name), fig(m, &g.MemoryGB), fig(m, &g.BandwidthGBps),
					fig(m, &g.BF16DenseTFLOPS), fig(m, g.FP8DenseTFLOPS), fig(m, &g.TDPW),
					html.EscapeString(g.Link.KindIn(m)) + " " + fig(m, &g.Link.GBps), fig(m, g.PurchaseUSD), fig(m, g.RentUSDPerHour),
					srcLink(m, g.MemoryGB.Source) + ", " + html.EscapeString(m.Date(g.MemoryGB.AsOf))})
			}
			return htmlTable(heads(m, "doc.t.gpu", "doc.t.gpus.memory", "doc.t.gpus.bandwidth", "doc.t.gpus.bf16", "doc.t.gpus.fp8",
				"doc.t.gpus.tdp", "doc.t.gpus.link", "doc.t.gpus.purchase", "doc.t.gpus.rent", "doc.t.gpus.source"), rows)
		},
		"gpu-prices": func(m *msg.Catalog) string {
			var rows [][]string
			for _, g := range d.GPUs.GPUs {
				for _, p := range []struct {
					key string
					f   *fact.Figure
				}{{"doc.t.prices.purchase", g.PurchaseUSD}, {"doc.t.prices.rent", g.RentUSDPerHour}} {
					if p.f == nil {
						continue
					}
					rows = append(rows, []string{html.EscapeString(g.Name), html.EscapeString(m.T(p.key)), fig(m, p.f), srcLink(m, p.f.Source),
						html.EscapeString(m.Date(p.f.AsOf)), html.EscapeString(p.f.NoteText(m))})
				}
			}
			return htmlTable(heads(m, "doc.t.gpu", "doc.t.prices.price", "doc.t.prices.usd", "doc.t.source", "doc.t.as_of", "doc.t.note"), rows)
		},
		"tco-defaults": func(m *msg.Catalog) string {
			df := d.Defaults
			var more [][]string
			for _, t := range d.Throughput.Rows {
				g, _ := d.GPUs.Find(t.GPU)
				f := t.TokensPerSec
				more = append(more, []string{html.EscapeString(m.F("doc.t.tco.throughput", "gpu", g.Name)), fig(m, &f), srcLink(m, f.Source), html.EscapeString(m.Date(f.AsOf)), html.EscapeString(f.NoteText(m))})
			}
			return defaults(m, []named{
				{"doc.t.tco.years", df.Years}, {"doc.t.tco.gpus_per_server", df.GPUsPerServer}, {"doc.t.tco.server", df.ServerUSD},
				{"doc.t.tco.network", df.NetworkUSD}, {"doc.t.tco.overhead", df.ServerOverheadW},
				{"doc.t.tco.load", df.LoadFactor}, {"doc.t.tco.pue", df.PUE}, {"doc.t.tco.electricity", df.ElectricityUSDPerKWh},
				{"doc.t.tco.maintenance", df.MaintenancePct}, {"doc.t.tco.staff", df.StaffUSDPerYear},
				{"doc.t.tco.rented_hours", df.RentedHoursPerMonth}, {"doc.t.tco.eur", df.EURPerUSD}, {"doc.t.tco.cny", df.CNYPerUSD},
			}, more...)
		},
		"seed-000": func(m *msg.Catalog) string {
			return claimsHTML(tcoview.Build(tcoview.ResolveIn(m, "preset=seed-000", d)).Tables, m.T("doc.t.figure"))
		},
		"models": func(m *msg.Catalog) string {
			var rows [][]string
			for _, md := range mem.Models.Models {
				k := func(v int) string {
					if v == 0 {
						return "–"
					}
					return m.Num(float64(v), 0)
				}
				arch := k(md.Heads) + " / " + k(md.KVHeads)
				if md.MLA() {
					arch = k(md.Heads) + ", MLA " + k(md.KVLoraRank) + " + " + k(md.QKRopeHeadDim)
				}
				params := m.Num(md.ParamsB, 2)
				if md.Experts > 0 {
					params = m.F("doc.t.models.moe", "params", params, "active", m.Num(md.Active(), 1), "experts", k(md.Experts), "top", k(md.ExpertsPerToken))
				}
				window := "–"
				if md.SlidingWindow > 0 {
					window = k(md.SlidingWindow) + ", " + md.SlidingLayers
				}
				s := memory.Setup{Model: md, Weights: memory.WeightFormats[1], KV: memory.KVFormats[0], TP: 1, PP: 1}
				name := html.EscapeString(md.Name)
				if md.Unconfirmed {
					name += ` <abbr title="` + html.EscapeString(m.F("doc.t.unconfirmed_note", "note", md.NoteIn(m))) + `">†</abbr>`
				}
				rows = append(rows, []string{name, html.EscapeString(params), k(md.Layers), k(md.Hidden), arch, k(md.HeadDim), k(md.Intermediate), k(md.Vocab),
					window, m.Num(s.KVBytesPerToken(), 0), srcLink(m, md.Source) + ", " + html.EscapeString(m.Date(md.AsOf))})
			}
			return htmlTable(heads(m, "doc.t.model", "doc.t.models.params", "doc.t.models.layers", "doc.t.models.hidden", "doc.t.models.heads",
				"doc.t.models.head_dim", "doc.t.models.intermediate", "doc.t.models.vocab", "doc.t.models.window", "doc.t.models.kv", "doc.t.source"), rows)
		},
		"memory-defaults": func(m *msg.Catalog) string {
			df := mem.Defaults
			return defaults(m, []named{
				{"doc.t.mem.utilization", df.Utilization}, {"doc.t.mem.block", df.BlockSize},
				{"doc.t.mem.driver", df.DriverReservedGiB}, {"doc.t.mem.non_torch", df.NonTorchGiB},
				{"doc.t.mem.nccl", df.NCCLGiB}, {"doc.t.mem.sampler", df.SamplerBytesPerLogit},
				{"doc.t.mem.large_seqs", df.LargeGPUSeqs}, {"doc.t.mem.large_tokens", df.LargeGPUTokens},
				{"doc.t.mem.small_seqs", df.SmallGPUSeqs}, {"doc.t.mem.small_tokens", df.SmallGPUTokens},
				{"doc.t.mem.large_min", df.LargeGPUMinGiB},
				{"doc.t.mem.context", df.Context}, {"doc.t.mem.concurrency", df.Concurrency},
			})
		},
		"memory-engines": func(m *msg.Catalog) string {
			// What each engine's memory fraction is a share of, as
			// wasm/memory.Engine computes it.
			meaning := map[string]string{"vllm": "doc.t.engines.vllm", "sglang": "doc.t.engines.sglang", "trtllm": "doc.t.engines.trtllm", "tgi": "doc.t.engines.tgi"}
			g, _ := d.GPUs.Find("h100-sxm")
			var rows [][]string
			for _, e := range mem.Engines {
				seqs, tokens := mem.EngineBatch(e, g)
				block := mem.Defaults.BlockSize
				if e.ID != serving.DefaultEngine {
					block = e.BlockSize
				}
				rows = append(rows, []string{html.EscapeString(e.Name + " " + e.Version), html.EscapeString(m.T(meaning[e.ID])),
					m.Num(mem.DefaultFraction(e, g, 1), -1), fig(m, &block), strconv.Itoa(seqs) + " / " + m.Num(float64(tokens), 0),
					srcLink(m, e.Accounting)})
			}
			return htmlTable(heads(m, "doc.t.engines.engine", "doc.t.engines.fraction", "doc.t.engines.default", "doc.t.engines.block",
				"doc.t.engines.batch", "doc.t.engines.source"), rows)
		},
		"memory-calibration": func(m *msg.Catalog) string {
			pct := func(v float64) string {
				if math.IsNaN(v) {
					return "–"
				}
				return percentIn(m, v)
			}
			var rows [][]string
			for _, r := range mem.Calibrate() {
				c := r.Row
				md, _ := mem.Models.Find(c.Model)
				g, _ := d.GPUs.Find(c.GPU)
				reportedW, reportedKV := "–", m.Num(c.KVGiB, 2)+" GiB"
				if c.WeightsGiB > 0 {
					reportedW = m.Num(c.WeightsGiB, 2)
				}
				ours := m.Num(r.KVGiB, 2) + " GiB"
				if c.KVTokens > 0 {
					reportedKV, ours = m.F("doc.t.tokens", "n", m.Num(c.KVTokens, 0)), m.F("doc.t.tokens", "n", m.Num(r.KVTokens, 0))
				}
				rows = append(rows, []string{srcLink(m, c.Source),
					html.EscapeString(m.F("doc.t.on_gpus", "model", md.Name+", "+strings.ToUpper(c.Weights), "n", strconv.Itoa(c.TP), "gpu", g.Name)),
					m.Num(float64(c.MaxModelLen), 0) + " / " + strconv.Itoa(c.MaxNumSeqs) + " / " + m.Num(float64(c.MaxBatchedTokens), 0),
					reportedW, m.Num(r.WeightsGiB, 2), pct(r.WeightsErr), html.EscapeString(reportedKV), html.EscapeString(ours), pct(r.KVErr)})
			}
			return htmlTable(heads(m, "doc.t.memcal.log", "doc.t.memcal.setting", "doc.t.memcal.limits", "doc.t.memcal.weights_reported",
				"doc.t.memcal.weights_ours", "doc.t.error", "doc.t.memcal.kv_reported", "doc.t.memcal.kv_ours", "doc.t.error"), rows)
		},
		"seed-000-roi": func(m *msg.Catalog) string {
			pd := all.PricingData()
			return claimsHTML(pricingview.Build(pricingview.ResolveIn(m, "preset=seed-000-roi", pd), pd).Tables, m.T("doc.t.per_month"))
		},
		"seed-002": func(m *msg.Catalog) string {
			return claimsHTML(memview.Build(memview.ResolveIn(m, "preset=seed-002", mem), mem).Tables, m.F("doc.t.batch_at", "n", m.Num(2048, 0)))
		},
		"seed-002-checks": func(m *msg.Catalog) string {
			bytesPerToken := func(id string) (model.Model, float64) {
				md, _ := mem.Models.Find(id)
				return md, memory.Setup{Model: md, KV: memory.KVFormats[0], TP: 1, PP: 1}.KVBytesPerToken()
			}
			llama, llamaKV := bytesPerToken("llama-2-7b")
			mistral, mistralKV := bytesPerToken("mistral-7b")
			flat := mem.Defaults.FlatKVPerTokenGB.Value * 1e9
			weights16 := memory.Setup{Model: llama, Weights: memory.WeightFormats[1], TP: 1, PP: 1}.WeightBytes()
			return "<ul>\n<li>" + m.F("doc.t.seed002.kv", "model", html.EscapeString(llama.Name), "mib", m.Num(llamaKV/(1<<20), 2),
				"layers", strconv.Itoa(llama.Layers), "heads", strconv.Itoa(llama.KVHeads), "dim", strconv.Itoa(llama.HeadDim),
				"times", m.Num(llamaKV/flat, 1), "flat", m.Num(mem.Defaults.FlatKVPerTokenGB.Value, 4),
				"other", html.EscapeString(mistral.Name), "otherheads", strconv.Itoa(mistral.KVHeads), "kib", m.Num(mistralKV/1024, 0)) +
				"</li>\n<li>" + m.F("doc.t.seed002.weights", "gb", m.Num(mem.Defaults.FlatWeightsGB.Value, 0), "model", html.EscapeString(llama.Name),
				"weights", m.Num(weights16/1e9, 1)) + "</li>\n</ul>\n"
		},
		"api-prices": func(m *msg.Catalog) string {
			api := all.Pricing.APIs
			// The shortlist's models, whatever their source: the whole
			// dataset is a thousand models (see api-dataset).
			var rows [][]string
			for _, md := range api.Models {
				if !slices.ContainsFunc(api.Shortlist, func(slot []string) bool { return slices.Contains(slot, md.ID) }) {
					continue
				}
				for _, r := range api.History(md.ID) {
					name := html.EscapeString(all.PricingData().Label(md))
					if md.Claim {
						name += " " + html.EscapeString(m.T("doc.t.api.claim"))
					}
					if r.Unconfirmed {
						name += dagger(m)
					}
					price := func(v float64) string {
						if v == 0 {
							return "–"
						}
						return html.EscapeString(m.Num(v, 3))
					}
					var tiers []string
					for _, t := range r.Tiers {
						tiers = append(tiers, m.F("doc.t.api.tier", "n", m.Num(float64(t.AboveInputTokens), 0), "input", m.Num(t.Input, 2), "output", m.Num(t.Output, 2)))
					}
					batch := "–"
					if r.BatchDiscountPct > 0 {
						batch = m.Num(r.BatchDiscountPct, 0) + " %"
					}
					rows = append(rows, []string{name, html.EscapeString(m.Date(r.From)), r.Currency, price(r.Input), price(r.CacheRead), price(r.CacheWrite),
						price(r.Output), batch, html.EscapeString(strings.Join(tiers, " ")), srcLink(m, r.Source) + ", " + html.EscapeString(m.Date(r.AsOf)),
						html.EscapeString(fact.Figure{Note: r.Note, NoteDE: r.NoteDE}.NoteText(m))})
				}
			}
			return htmlTable(heads(m, "doc.t.model", "doc.t.api.from", "doc.t.api.currency", "doc.t.api.input", "doc.t.api.cache_read", "doc.t.api.cache_write",
				"doc.t.api.output", "doc.t.api.batch", "doc.t.api.tiers", "doc.t.source_as_of", "doc.t.note"), rows)
		},
		"api-dataset": func(m *msg.Catalog) string {
			api := all.Pricing.APIs
			count := map[string]int{}
			for _, md := range api.Models {
				count[md.Provider]++
			}
			var rows [][]string
			for _, p := range api.Providers {
				key := "genai-" + p.ID
				if _, ok := api.Sources[key]; !ok {
					continue
				}
				rows = append(rows, []string{html.EscapeString(p.Name), m.Num(float64(count[p.ID]), 0), srcLink(m, key)})
			}
			return htmlTable(heads(m, "doc.t.dataset.provider", "doc.t.dataset.models", "doc.t.source"), rows)
		},
		"open-weights": func(m *msg.Catalog) string {
			var rows [][]string
			for _, f := range all.Pricing.OpenWeights {
				pat := strings.Join(f.Match, ", ")
				if len(f.Except) > 0 {
					pat = m.F("doc.t.open.except", "match", pat, "except", strings.Join(f.Except, ", "))
				}
				rows = append(rows, []string{html.EscapeString(f.Name), html.EscapeString(pat), html.EscapeString(f.Licence),
					srcLink(m, f.Source) + ", " + html.EscapeString(m.Date(f.AsOf))})
			}
			return htmlTable(heads(m, "doc.t.open.family", "doc.t.open.match", "doc.t.open.licence", "doc.t.source_as_of"), rows)
		},
		"rental": func(m *msg.Catalog) string {
			var rows [][]string
			for _, o := range d.Rental.Offers {
				g, _ := d.GPUs.Find(o.GPU)
				price := html.EscapeString(m.Num(o.USDPerGPUHour, 3))
				if o.Unconfirmed {
					price += dagger(m)
				}
				title, url := d.Rental.Sources[o.Source].Title, d.Rental.Sources[o.Source].URL
				rows = append(rows, []string{html.EscapeString(o.Provider), html.EscapeString(g.Name), html.EscapeString(o.InstanceIn(m)), price,
					`<a href="` + html.EscapeString(url) + `">` + html.EscapeString(title) + `</a>`, html.EscapeString(m.Date(o.AsOf))})
			}
			return htmlTable(heads(m, "doc.t.rental.cloud", "doc.t.gpu", "doc.t.rental.instance", "doc.t.rental.price", "doc.t.source", "doc.t.as_of"), rows)
		},
		"perf-calibration": func(m *msg.Catalog) string {
			pf := all.PerfData()
			var rows [][]string
			for _, r := range pf.Calibrate() {
				c := r.Row
				md, _ := pf.Memory.Models.Find(c.Model)
				g, _ := d.GPUs.Find(c.GPU)
				what, measured, est := m.T("doc.t.perfcal.tps"), m.Num(c.TokensPerSecGP, 0), m.Num(r.Estimate, 0)
				if c.TTFTms > 0 {
					what, measured, est = m.T("doc.t.perfcal.ttft"), m.Num(c.TTFTms, 1), m.Num(r.Estimate, 1)
				}
				rows = append(rows, []string{srcLink(m, c.Source), html.EscapeString(m.F("doc.t.on_gpus", "model", md.Name, "n", strconv.Itoa(c.TP), "gpu", g.Name) + ", " + strings.ToUpper(c.Precision)),
					strconv.Itoa(c.Batch) + " / " + strconv.Itoa(c.Input) + " / " + strconv.Itoa(c.Output), html.EscapeString(what), measured, est, percentIn(m, r.Err)})
			}
			rows = append(rows, []string{"", "<strong>" + html.EscapeString(m.T("doc.t.perfcal.median")) + "</strong>", "", "", "", "",
				"<strong>" + m.Digits(fmt.Sprintf("%.1f %%", 100*serving.MedianAbsError(pf.Calibrate()))) + "</strong>"})
			return htmlTable(heads(m, "doc.t.source", "doc.t.perfcal.setting", "doc.t.perfcal.lengths", "doc.t.perfcal.measured", "doc.t.perfcal.published", "doc.t.infercost", "doc.t.error"), rows)
		},
		"seed-000-perf": func(m *msg.Catalog) string {
			pf := all.PerfData()
			sd := pf.Seed
			setups := []struct{ gpu, prec string }{{"a100-80gb-sxm", "bf16"}, {"h100-sxm", "bf16"}, {"h100-sxm", "fp8"}}
			claim := func(r serving.SeedRow, i int) float64 { return []float64{r.A100, r.H100, r.H100FP8}[i] }
			var rows [][]string
			for _, r := range sd.Throughput {
				md, _ := pf.Memory.Models.Find(r.Model)
				row := []string{html.EscapeString(m.F("doc.t.seedperf.tps", "model", md.Name))}
				for i, st := range setups {
					g, _ := pf.Memory.GPUs.Find(st.gpu)
					s, _ := serving.Setup(md, g, sd.TP, st.prec, st.prec, seedEfficiency(&pf, g, st.prec))
					est := s.At(float64(sd.ThroughputBatch), float64(sd.Input), float64(sd.Output)).TokensPerSecond
					row = append(row, html.EscapeString(m.F("doc.t.seedperf.claimed", "claim", m.Num(claim(r, i), 0), "estimate", m.Num(est, 0))))
				}
				rows = append(rows, row)
			}
			pm, _ := pf.Memory.Models.Find(sd.P99Model)
			for _, r := range sd.P99ms {
				row := []string{html.EscapeString(m.F("doc.t.seedperf.p99", "batch", strconv.Itoa(r.Batch), "model", pm.Name))}
				for i, st := range setups {
					g, _ := pf.Memory.GPUs.Find(st.gpu)
					s, _ := serving.Setup(pm, g, sd.TP, st.prec, st.prec, seedEfficiency(&pf, g, st.prec))
					pt := s.At(float64(r.Batch), float64(sd.Input), float64(sd.Output))
					row = append(row, html.EscapeString(m.F("doc.t.seedperf.latency", "claim", m.Num(claim(r, i), 0), "ttft", m.Num(pt.TTFT*1000, 0), "e2e", m.Num(pt.E2E*1000, 0))))
				}
				rows = append(rows, row)
			}
			return htmlTable(heads(m, "doc.t.seedperf.head", "doc.t.seedperf.a100", "doc.t.seedperf.h100", "doc.t.seedperf.h100fp8"), rows)
		},
		"perf-defaults": func(m *msg.Catalog) string {
			df := all.Perf.Defaults
			return defaults(m, []named{{"doc.t.perf.mfu", df.ComputeEfficiency}, {"doc.t.perf.mbu", df.MemoryEfficiency}, {"doc.t.perf.link", df.LinkEfficiency},
				{"doc.t.perf.allreduce", df.CollectiveLatencyUS}, {"doc.t.perf.step", df.StepOverheadUS},
				{"doc.t.perf.request", df.RequestOverheadMS}, {"doc.t.perf.prompt", df.PromptTokens}, {"doc.t.perf.output", df.OutputTokens},
				{"doc.t.perf.batch", df.Batch}, {"doc.t.perf.rate", df.Rate}, {"doc.t.perf.p99", df.P99TargetS}, {"doc.t.perf.requests", df.Requests}})
		},
		"seed-000-checks": func(m *msg.Catalog) string {
			c := d.Checks
			e := c.Electricity
			g, _ := d.GPUs.Find(e.GPU)
			avg, max := c.ImpliedAverageW(), e.ServerMax.Value
			key := "doc.t.seed000.power_within"
			if avg > max {
				key = "doc.t.seed000.power_above"
			}
			servers := m.F("doc.t.seed000.servers", "n", m.Num(e.Servers, 0), "gpu", g.Name)
			if e.Servers == 1 {
				servers = m.F("doc.t.seed000.one_server", "gpu", g.Name)
			}
			var b strings.Builder
			b.WriteString("<ul>\n")
			b.WriteString("<li>" + m.F(key, "eur", m.Num(e.EUR, 0), "years", m.Num(e.Years, 0), "price", m.Num(e.EURPerKWh, 2),
				"kw", m.Num(avg/1000, 2), "servers", html.EscapeString(servers), "max", m.Num(max/1000, 1),
				"source", srcLink(m, e.ServerMax.Source)) + "</li>\n")
			for _, t := range c.TFLOPS {
				g, _ := d.GPUs.Find(t.GPU)
				dense := g.BF16DenseTFLOPS.Value
				key := "doc.t.seed000.tflops"
				if math.Abs(t.FP16/dense-2) < 0.02 {
					key = "doc.t.seed000.tflops_sparse"
				}
				b.WriteString("<li>" + m.F(key, "gpu", html.EscapeString(g.Name), "tflops", m.Num(t.FP16, 0), "ratio", m.Num(t.FP16/dense, 2),
					"dense", m.Num(dense, 0), "source", srcLink(m, g.BF16DenseTFLOPS.Source)) + "</li>\n")
			}
			b.WriteString("</ul>\n")
			return b.String()
		},
	})
}

// percentIn writes a signed error as a percentage in the catalog's
// language: +1.5 % or +1,5 %.
func percentIn(m *msg.Catalog, v float64) string { return m.Digits(fmt.Sprintf("%+.1f %%", 100*v)) }

// seedEfficiency is the efficiencies /performance/ starts with for GPUs
// g at precision: those of the default engine's newest builds.
func seedEfficiency(pf *serving.Perf, g gpu.GPU, precision string) perf.Efficiency {
	e, _, _ := pf.EfficiencyFor(serving.DefaultEngine, "", g, precision)
	return e
}
