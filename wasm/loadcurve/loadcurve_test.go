package loadcurve

import (
	"math"
	"testing"
)

// perReplica sizes replicas of cap requests a second each.
func perReplica(cap float64) func(float64) int {
	return func(rate float64) int { return int(math.Ceil(rate / cap)) }
}

// TestOfficeHoursByHand works a two-level office curve through by hand.
// Off hours at a tenth of office hours: 40 weekday hours (09:00-17:00,
// Monday to Friday) at 1 and 128 hours at 0.1 sum to 52.8, a mean of
// 52.8 / 168 = 0.314286, so office hours run at 1 / 0.314286 = 3.1818
// times the mean and the others at 0.31818.
func TestOfficeHoursByHand(t *testing.T) {
	c := Office(0.1)
	if got := c.Peak(); math.Abs(got-168/52.8) > 1e-12 {
		t.Errorf("peak to mean %.6f, want 168 / 52.8 = %.6f", got, 168/52.8)
	}
	if c[9] != c.Peak() || c[8] != c[24*5+12] || math.Abs(c[8]-0.1*168/52.8) > 1e-12 {
		t.Errorf("Monday 08:00 %.4f, 09:00 %.4f, Saturday noon %.4f", c[8], c[9], c[24*5+12])
	}
	// At a mean of 1 request/s and replicas of 1 request/s each: office
	// hours 3.18 requests/s take 4 replicas, the others 0.318 take 1.
	s := Scaling{Step: 1, Min: 1}.Schedule(&c, 1, perReplica(1))
	if s.Peak() != 4 || s.Least() != 1 || s[9] != 4 || s[17] != 1 {
		t.Errorf("replicas peak %d, least %d, Monday 09:00 %d, 17:00 %d; want 4, 1, 4, 1", s.Peak(), s.Least(), s[9], s[17])
	}
	// Each weekday at 09:00 three replicas start: 15 a week. Billed:
	// 40 h x 4 + 128 h x 1 = 288 replica-hours, and half an hour for
	// each start, 7.5: 295.5 a week, 1.759 replicas on average. At 2
	// USD a GPU-hour, replicas of one GPU: 591 USD a week.
	if got := s.Starts(); got != 15 {
		t.Errorf("starts %d, want 15", got)
	}
	if got := s.ReplicaHours(0.5); got != 295.5 {
		t.Errorf("replica-hours %.2f, want 295.5", got)
	}
	want := []Level{{1, 128}, {4, 40}}
	if got := s.Levels(); len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("levels %v, want %v", got, want)
	}
	// Sized for each day's peak (a step of 24 hours): weekdays at 4,
	// the weekend at 1: 5 x 24 x 4 + 2 x 24 x 1 = 528; three replicas
	// start on Monday, and none on the other weekdays.
	d := Scaling{Step: 24, Min: 1}.Schedule(&c, 1, perReplica(1))
	if got := d.ReplicaHours(0); got != 528 || d.Starts() != 3 {
		t.Errorf("daily steps: %.0f replica-hours and %d starts, want 528 and 3", got, d.Starts())
	}
}

// TestScaleToZero: hours without requests run no replica when the
// minimum is 0, and one when it is 1.
func TestScaleToZero(t *testing.T) {
	v := make([]float64, 24)
	v[12] = 24 // all of a day's requests at noon: 24 times the mean
	c, err := FromHours(v)
	if err != nil {
		t.Fatal(err)
	}
	if c.Peak() != 24 || c[12+24*6] != 24 {
		t.Fatalf("peak %.1f, Sunday noon %.1f; want 24 and 24", c.Peak(), c[12+24*6])
	}
	zero := Scaling{Step: 1}.Schedule(&c, 0.5, perReplica(4))
	if zero.Peak() != 3 || zero.Least() != 0 || zero.ReplicaHours(0) != 21 {
		t.Errorf("to zero: peak %d, least %d, %.0f replica-hours; want 3 (12 requests/s), 0 and 7 x 3", zero.Peak(), zero.Least(), zero.ReplicaHours(0))
	}
	one := Scaling{Step: 1, Min: 1}.Schedule(&c, 0.5, perReplica(4))
	if one.ReplicaHours(0) != 21+7*23 {
		t.Errorf("at least one: %.0f replica-hours, want 21 + 7 x 23", one.ReplicaHours(0))
	}
}

// TestFlatIsOneLevel: a flat curve runs the same replicas every hour,
// as a deployment sized for its mean does.
func TestFlatIsOneLevel(t *testing.T) {
	c, err := FromHours([]float64{2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2})
	office := Office(0.5)
	var none *Curve
	if err != nil || !c.IsFlat() || c.Peak() != 1 || office.IsFlat() || !none.IsFlat() || none.Peak() != 1 || none.At(5) != 1 {
		t.Fatal("an even day or a nil curve is not flat, or Office is")
	}
	s := Scaling{Step: 1, Min: 1}.Schedule(&c, 2.5, perReplica(1))
	if l := s.Levels(); len(l) != 1 || l[0] != (Level{3, HoursPerWeek}) || s.Starts() != 0 {
		t.Errorf("levels %v, %d starts; want [{3 168}] and none", l, s.Starts())
	}
}

func TestBadHoursAreRefused(t *testing.T) {
	for _, v := range [][]float64{nil, make([]float64, 24), {1, 2, 3}, append(make([]float64, 23), -1), append(make([]float64, 23), math.NaN()),
		append(make([]float64, 167), math.Inf(1))} {
		if _, err := FromHours(v); err == nil {
			t.Errorf("FromHours(%v) gave no error", v)
		}
	}
}
