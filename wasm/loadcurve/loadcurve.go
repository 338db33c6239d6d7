// Package loadcurve spreads a workload's requests over the hours of a
// week and sizes replicas hour by hour: what an autoscaled deployment
// runs and is billed for, and what a fixed one must hold at its busiest
// hour. It does no I/O and keeps no state.
package loadcurve

import (
	"cmp"
	"errors"
	"math"
	"slices"
)

// HoursPerWeek is the hours a curve describes, Monday 00:00 first.
const HoursPerWeek = 7 * 24

// Curve is each hour's request rate relative to the week's mean: its
// values average 1. A nil *Curve is flat, so that a scenario can hold a
// pointer (a week of float64s is a large value to copy at every call)
// whose zero value means what a scenario without a curve always meant.
type Curve [HoursPerWeek]float64

// OfficeFrom and OfficeTo are the hours of a weekday an office curve is
// busy in: from 09:00 to 17:00.
const OfficeFrom, OfficeTo = 9, 17

// Office is a two-level curve: weekdays from OfficeFrom to OfficeTo at
// one rate, every other hour (nights and weekends) at off times it (0 to
// 1).
func Office(off float64) Curve {
	var v [HoursPerWeek]float64
	for h := range v {
		v[h] = off
		if day, hour := h/24, h%24; day < 5 && hour >= OfficeFrom && hour < OfficeTo {
			v[h] = 1
		}
	}
	c, _ := FromHours(v[:]) // off >= 0 and 40 hours at 1: never an error
	return c
}

// ErrHours says why typed hours make no curve.
var ErrHours = errors.New("give 24 values (every day alike) or 168 (a week from Monday 00:00), none negative, at least one above 0")

// FromHours returns the curve of a rate typed for each hour, in any
// unit: 24 values, every day alike, or 168, a week from Monday 00:00.
func FromHours(v []float64) (Curve, error) {
	var c Curve
	if len(v) != 24 && len(v) != HoursPerWeek {
		return c, ErrHours
	}
	sum := 0.0
	for _, x := range v {
		if x < 0 || math.IsNaN(x) || math.IsInf(x, 0) {
			return c, ErrHours
		}
		sum += x
	}
	if sum <= 0 {
		return c, ErrHours
	}
	mean := sum / float64(len(v))
	for h := range c {
		c[h] = v[h%len(v)] / mean
	}
	return c, nil
}

// Peak is the busiest hour's rate relative to the mean (1 for a flat
// curve).
func (c *Curve) Peak() float64 {
	if c == nil {
		return 1
	}
	p := 0.0
	for _, x := range c {
		p = max(p, x)
	}
	return p
}

// At is hour h's rate relative to the mean.
func (c *Curve) At(h int) float64 {
	if c == nil {
		return 1
	}
	return c[h]
}

// IsFlat reports whether every hour has the same rate.
func (c *Curve) IsFlat() bool {
	if c == nil {
		return true
	}
	for _, x := range c {
		if x != c[0] {
			return false
		}
	}
	return true
}

// Scaling is how an autoscaled deployment follows a curve.
type Scaling struct {
	// Step is how many hours a replica count holds, from midnight: each
	// step runs the replicas its busiest hour needs. It divides 24; 24
	// sizes each day for its peak.
	Step int
	// Min is the fewest replicas at any hour; 0 scales to zero in a
	// step without requests.
	Min int
	// ColdStartH is how long a replica is billed before it serves, in
	// hours (at most 1): it is started that much ahead of the step that
	// needs it.
	ColdStartH float64
}

// Steps are the autoscaling steps a Scaling takes, in hours.
var Steps = []int{1, 2, 3, 4, 6, 8, 12, 24}

// Schedule is the replicas serving in each hour of a week.
type Schedule [HoursPerWeek]int

// Schedule returns the replicas that serve the curve c (nil: flat) at a
// mean rate of mean requests a second, replicas(rate) being how many
// serve rate (0 at 0).
func (sc Scaling) Schedule(c *Curve, mean float64, replicas func(rate float64) int) Schedule {
	var s Schedule
	step := max(1, sc.Step)
	// Hours at the rate of the hour before take its replicas: a curve
	// holds few rates, and a flat one one.
	last, lastN := -1.0, 0
	for from := 0; from < HoursPerWeek; from += step {
		n := sc.Min
		for h := from; h < from+step && h < HoursPerWeek; h++ {
			x := c.At(h)
			if x != last {
				last, lastN = x, 0
				if x > 0 {
					lastN = replicas(mean * x)
				}
			}
			n = max(n, lastN)
		}
		for h := from; h < from+step && h < HoursPerWeek; h++ {
			s[h] = n
		}
	}
	return s
}

// Peak is the most replicas serving at once.
func (s Schedule) Peak() int {
	p := 0
	for _, n := range s {
		p = max(p, n)
	}
	return p
}

// Least is the fewest replicas serving at once.
func (s Schedule) Least() int {
	p := s[0]
	for _, n := range s {
		p = min(p, n)
	}
	return p
}

// Starts is how many replicas start in a week that repeats: at each hour,
// those beyond the hour before's.
func (s Schedule) Starts() int {
	starts := 0
	for h, n := range s {
		starts += max(0, n-s[(h+HoursPerWeek-1)%HoursPerWeek])
	}
	return starts
}

// Level is a replica count and the hours a week it runs.
type Level struct{ Replicas, Hours int }

// Levels returns the schedule's replica counts, each with the hours a
// week it runs, fewest replicas first.
func (s Schedule) Levels() []Level {
	var out []Level
	for _, n := range s {
		i, found := slices.BinarySearchFunc(out, n, func(l Level, n int) int { return cmp.Compare(l.Replicas, n) })
		if !found {
			out = slices.Insert(out, i, Level{Replicas: n})
		}
		out[i].Hours++
	}
	return out
}

// ReplicaHours is the replica-hours a week the schedule is billed for:
// each hour's replicas, and each start's cold start.
func (s Schedule) ReplicaHours(coldStartH float64) float64 {
	sum := 0
	for _, n := range s {
		sum += n
	}
	return float64(sum) + float64(s.Starts())*coldStartH
}
