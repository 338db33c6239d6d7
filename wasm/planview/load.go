package planview

import (
	"slices"
	"strconv"
	"strings"

	"github.com/infercost/infercost/wasm/apicompare"
	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/loadcurve"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/tco"
)

// The load curves a reader chooses from.
const (
	curveFlat   = "flat"
	curveOffice = "office"
	curveHours  = "hours"
)

// readLoad reads how the workload's requests spread over the hours of a
// week and how rented options follow them. An edition without a default
// cold start has a flat week and no fields for it, as its links had.
func readLoad(r *scenario.Resolver, d apicompare.Data, section string) (*loadcurve.Curve, loadcurve.Scaling) {
	t, df := r.M, d.Defaults
	flat := loadcurve.Scaling{Step: 1, Min: 1}
	if df.PlanColdStartMin == (fact.Figure{}) {
		return nil, flat
	}
	kinds := []scenario.Choice{{Value: curveFlat, Label: t.T("plan.curve.flat")}}
	if df.PlanOffHoursPct != (fact.Figure{}) {
		kinds = append(kinds, scenario.Choice{Value: curveOffice, Label: t.T("plan.curve.office")})
	}
	for _, c := range d.LoadCurves {
		kinds = append(kinds, scenario.Choice{Value: c.ID, Label: c.NameIn(t)})
	}
	kinds = append(kinds, scenario.Choice{Value: curveHours, Label: t.T("plan.curve.hours")})
	kind := r.Choice(scenario.Field{Key: "curve", Label: t.T("plan.in.curve"), Section: section, Default: curveFlat, Choices: kinds,
		Help: t.T("plan.in.curve_help")})
	var off float64
	if df.PlanOffHoursPct != (fact.Figure{}) {
		off = r.Number(scenario.Field{Key: "off", Label: t.T("plan.in.off"), Unit: "%", Section: section, Min: 0, Max: 100,
			Default: scenario.FormatNumber(df.PlanOffHoursPct.Value), Note: d.Note(t, df.PlanOffHoursPct), Help: t.T("plan.in.off_help")})
	}
	hours := r.Numbers(scenario.Field{Key: "hours", Label: t.T("plan.in.hours"), Section: section, Min: 0, Max: 1e9,
		Default: strings.Repeat("1 ", 23) + "1", Help: t.T("plan.in.hours_help")})
	steps := make([]scenario.Choice, len(loadcurve.Steps))
	for i, h := range loadcurve.Steps {
		steps[i] = scenario.Choice{Value: strconv.Itoa(h), Label: t.F("plan.step.hours", "n", strconv.Itoa(h))}
	}
	step, _ := strconv.Atoi(r.Choice(scenario.Field{Key: "step", Label: t.T("plan.in.step"), Section: section, Default: "1", Choices: steps,
		Help: t.T("plan.in.step_help")}))
	least := r.Int(scenario.Field{Key: "minr", Label: t.T("plan.in.minr"), Unit: t.T("tco.unit.replicas"), Section: section, Min: 0, Max: 64,
		Default: "1", Help: t.T("plan.in.minr_help")})
	cold := r.Number(scenario.Field{Key: "cold", Label: t.T("plan.in.cold"), Unit: t.T("plan.unit.minutes"), Section: section, Min: 0, Max: 60,
		Default: scenario.FormatNumber(df.PlanColdStartMin.Value), Note: d.Note(t, df.PlanColdStartMin), Help: t.T("plan.in.cold_help")})
	scaling := loadcurve.Scaling{Step: step, Min: least, ColdStartH: cold / 60}
	switch kind {
	case curveOffice:
		r.Hide("hours")
		c := loadcurve.Office(off / 100)
		return &c, scaling
	case curveHours:
		r.Hide("off")
		c, err := loadcurve.FromHours(hours)
		if err != nil {
			r.Reject("hours", t.T("plan.err.hours"))
			return nil, scaling
		}
		return &c, scaling
	}
	if i := slices.IndexFunc(d.LoadCurves, func(c apicompare.LoadCurve) bool { return c.ID == kind }); i >= 0 {
		r.Hide("off", "hours")
		r.Warn("curve", d.Note(t, d.LoadCurves[i].Figure()))
		c := d.LoadCurves[i].Curve()
		return &c, scaling
	}
	r.Hide("off", "hours", "step", "minr", "cold")
	return nil, flat
}

// schedule is the replicas of r that serve the scenario's curve at a
// mean of rate requests a second, hour by hour, each replica serving
// scale times its estimate (1; an end of its error band).
func (s Scenario) schedule(r Replica, rate, scale float64) loadcurve.Schedule {
	return s.Scaling.Schedule(s.Curve, rate, func(x float64) int { return r.Replicas(x, scale) })
}

// runs is the replicas option o runs in each hour of the week with
// replicas of r serving a mean of rate requests a second, each serving
// scale times its estimate: those serving, the spare ones beside them
// and, on spot capacity, those that keep the target while some are
// reclaimed (spotExtra). A bought option, or a rented one committed for
// years, runs its busiest hour's all week; a rented one on demand or on
// spot follows the schedule.
func (s Scenario) runs(o Option, r Replica, rate, scale float64) loadcurve.Schedule {
	sched := s.schedule(r, rate, scale)
	var extra map[int]int // spotExtra by replicas serving: a schedule has few counts
	if o.Offer != nil && o.Offer.Term == gpu.Spot {
		extra = map[int]int{}
	}
	total := func(n int) int {
		if extra != nil {
			k, ok := extra[n]
			if !ok {
				k = spotExtra(n, s.SpotReclaimed)
				extra[n] = k
			}
			n += k
		}
		return n + s.Spare
	}
	var out loadcurve.Schedule
	if o.Kind == Owned || o.Offer != nil && o.Offer.Committed() {
		n := total(sched.Peak())
		for h := range out {
			out[h] = n
		}
		return out
	}
	for h, n := range sched {
		out[h] = total(n)
	}
	return out
}

// monthly is what option o costs and draws a month (US dollars, kWh)
// with replicas of r serving a mean of rate requests a second, each
// serving scale times its estimate: the replicas it runs (Scenario.runs)
// for the share of the month's hours it runs them, serving the share of
// their capacity the requests use, and the cold start of each replica it
// starts, idle. What a GPU draws is a straight line in that share
// (tco.Draw), so the week's mean share gives the week's energy: the sum
// over its hours of replicas x share is the requests over one replica's
// capacity, whichever hours they come in.
func (s Scenario) monthly(o Option, r Replica, rate, scale float64) (usd, kwh float64) {
	years := float64(s.Years)
	run := s.runs(o, r, rate, scale)
	used := busy(run, 0, rate, r.RatePerS*scale)
	add := func(res tco.Result) {
		usd += res.TCOUSD / (12 * years)
		kwh += res.EnergyKWh / (12 * years)
	}
	for _, l := range run.Levels() {
		if l.Replicas > 0 {
			add(o.Cluster.Running(l.Replicas*r.TP, float64(l.Hours)/loadcurve.HoursPerWeek, used, years))
		}
	}
	if n := run.Starts(); n > 0 && s.Scaling.ColdStartH > 0 {
		add(o.Cluster.Starting(r.TP, float64(n)*s.Scaling.ColdStartH/loadcurve.HoursPerWeek, years))
	}
	return usd, kwh
}

// utilisation is the share of what option o's replicas could serve
// within the target that the workload uses, each serving scale times its
// estimate: the requests of the week over the replica-hours it runs and
// pays for (Scenario.runs), the cold starts counted.
func (s Scenario) utilisation(o Option, scale float64) float64 {
	run := s.runs(o, o.Replica, s.RequestsPerS(), scale)
	return busy(run, s.Scaling.ColdStartH, s.RequestsPerS(), o.Replica.RatePerS*scale)
}

// busy is the share of what run's replica-hours, with coldH hours for
// each replica started, could serve at perReplica requests a second
// that a mean of rate requests a second uses.
func busy(run loadcurve.Schedule, coldH, rate, perReplica float64) float64 {
	return rate * loadcurve.HoursPerWeek / (run.ReplicaHours(coldH) * perReplica)
}
