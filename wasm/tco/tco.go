// Package tco computes the total cost of ownership of GPU inference options:
// clusters that are bought and run, and GPUs rented by the hour.
//
// All money is in one base currency (US dollars); conversion for display
// happens outside this package. The package does no I/O and keeps no state,
// so the same code runs in gen, in tests, in the browser and at the edge.
package tco

import (
	"math"
)

// HoursPerYear is the length of the cost year: 365 days of 24 hours.
const HoursPerYear = 365 * 24

// Kind says whether an option is bought or rented.
type Kind string

// The kinds of option.
const (
	Owned  Kind = "own"
	Rented Kind = "rent"
)

// Option is one way of running inference: a cluster that is bought, or GPUs
// rented by the hour. Fields for the other kind are ignored.
type Option struct {
	Kind Kind
	// GPUs is the number of GPUs in the cluster (or rented at once).
	GPUs int
	// TokensPerSecondPerGPU is the sustained output throughput of one GPU
	// while it is serving.
	TokensPerSecondPerGPU float64
	// LoadFactor is the share of the time the GPUs are serving, [0, 1]
	// (0: idle, as while a replica starts). It scales tokens and what the
	// GPUs draw (Draw).
	LoadFactor float64

	// Slack is the share of the GPUs' capacity left unused while they
	// serve (0: none), as replicas sized for a busier hour have: it
	// scales their tokens and, with Draw, what they draw.
	Slack float64

	// The servers the GPUs run in and what they draw: an owned cluster's
	// electricity, and any option's energy.
	GPUsPerServer   int
	GPUPowerW       float64 // per GPU: its rated power (TDP), provisioned for
	ServerOverheadW float64 // per server: CPUs, fans, NICs; always on
	PUE             float64 // facility power / IT power, >= 1
	// Draw is what a GPU draws as shares of GPUPowerW; the zero Draw is
	// the rule of editions before it, all of GPUPowerW while serving and
	// nothing otherwise.
	Draw Draw

	// Owned clusters.
	GPUPriceUSD             float64
	ServerPriceUSD          float64 // per server, without GPUs
	NetworkPriceUSD         float64 // per server: NICs, switch ports, cables
	ElectricityUSDPerKWh    float64
	MaintenancePctPerYear   float64 // of capex
	StaffUSDPerYear         float64
	ColocationUSDPerKWMonth float64 // on provisioned (full-load) IT power
	CostOfCapitalPct        float64 // per year; capex is financed as an annuity
	ResidualPct             float64 // of capex, credited at the end

	// Rented GPUs.
	RentUSDPerGPUHour float64
	// RentedHoursPerMonth is how many hours a month each GPU is rented
	// (730 is always on).
	RentedHoursPerMonth float64
}

// Draw is what a GPU draws, as shares of its rated power: with its model
// loaded and no request in flight (Idle), and while serving, in a straight
// line from Least at the lightest load to Full at its capacity.
type Draw struct{ Idle, Least, Full float64 }

// Mean is a GPU's mean draw as a share of its rated power when it serves
// busy of the time (the rest idle) at share u of its capacity.
func (d Draw) Mean(busy, u float64) float64 {
	if d == (Draw{}) {
		d = Draw{Least: 1, Full: 1}
	}
	return (1-busy)*d.Idle + busy*(d.Least+(d.Full-d.Least)*u)
}

// Capex is what an owned cluster costs up front, by item.
type Capex struct {
	GPUsUSD, ServersUSD, NetworkUSD float64
}

// Total is the sum of the items.
func (c Capex) Total() float64 { return c.GPUsUSD + c.ServersUSD + c.NetworkUSD }

// Opex is what an option costs per year, by item.
type Opex struct {
	ElectricityUSD float64 // IT energy
	CoolingUSD     float64 // facility overhead energy: IT energy x (PUE - 1)
	ColocationUSD  float64
	MaintenanceUSD float64
	StaffUSD       float64
	CapitalCostUSD float64 // interest part of the capex annuity
	RentUSD        float64
}

// Total is the sum of the items.
func (o Opex) Total() float64 {
	return o.ElectricityUSD + o.CoolingUSD + o.ColocationUSD + o.MaintenanceUSD +
		o.StaffUSD + o.CapitalCostUSD + o.RentUSD
}

// Result is the cost of one option over the period.
type Result struct {
	Servers int
	// AveragePowerW is the mean IT power draw while the GPUs are owned or
	// rented; ProvisionedPowerW the draw at full load, which colocation
	// is billed on.
	AveragePowerW, ProvisionedPowerW float64
	// EnergyKWh is the facility's energy over the period (IT energy x
	// PUE), for a rented option over the hours rented: what the rent
	// pays the provider to draw, whoever's bill it is on.
	EnergyKWh float64
	// KWhPerMTok is EnergyKWh divided by the output tokens, per 1M.
	KWhPerMTok  float64
	Capex       Capex
	OpexPerYear Opex
	// ResidualUSD is credited at the end of the period.
	ResidualUSD float64
	// TCOUSD is capex + opex over the period - residual.
	TCOUSD float64
	// Tokens is the number of output tokens over the whole period.
	Tokens float64
	// USDPerMTok is TCOUSD divided by Tokens over the same period, per 1M.
	USDPerMTok float64
	// TokensPerSecond is the cluster's throughput while serving.
	TokensPerSecond float64
}

// OpexTotal is the operating cost over the whole period.
func (r Result) OpexTotal(years float64) float64 { return r.OpexPerYear.Total() * years }

// CumulativeUSD is the money spent by time t (in years, 0 <= t <= years):
// capex at t = 0, opex accruing evenly, the residual credited at the end.
func (r Result) CumulativeUSD(t, years float64) float64 {
	c := r.Capex.Total() + r.OpexPerYear.Total()*t
	if t >= years {
		c -= r.ResidualUSD
	}
	return c
}

// Compute returns the cost of option o over the given number of years.
func Compute(o Option, years float64) Result {
	var r Result
	r.TokensPerSecond = o.TokensPerSecondPerGPU * float64(o.GPUs)
	r.Servers = ceilDiv(o.GPUs, o.GPUsPerServer)
	servers := float64(r.Servers)
	gpus := float64(o.GPUs)
	used := o.LoadFactor * (1 - o.Slack) // the share of the capacity's tokens served
	r.AveragePowerW = servers*o.ServerOverheadW + gpus*o.GPUPowerW*o.Draw.Mean(o.LoadFactor, 1-o.Slack)
	r.ProvisionedPowerW = servers*o.ServerOverheadW + gpus*o.GPUPowerW
	hoursPerYear := float64(HoursPerYear)
	switch o.Kind {
	case Rented:
		hoursPerYear = o.RentedHoursPerMonth * 12
		r.OpexPerYear.RentUSD = gpus * hoursPerYear * o.RentUSDPerGPUHour
		r.Tokens = r.TokensPerSecond * 3600 * hoursPerYear * used * years
	default:
		r.Capex = Capex{
			GPUsUSD:    gpus * o.GPUPriceUSD,
			ServersUSD: servers * o.ServerPriceUSD,
			NetworkUSD: servers * o.NetworkPriceUSD,
		}
		itKWh := r.AveragePowerW / 1000 * HoursPerYear
		capex := r.Capex.Total()
		r.OpexPerYear.ElectricityUSD = itKWh * o.ElectricityUSDPerKWh
		r.OpexPerYear.CoolingUSD = itKWh * (o.PUE - 1) * o.ElectricityUSDPerKWh
		r.OpexPerYear.ColocationUSD = r.ProvisionedPowerW / 1000 * o.ColocationUSDPerKWMonth * 12
		r.OpexPerYear.MaintenanceUSD = capex * o.MaintenancePctPerYear / 100
		r.OpexPerYear.StaffUSD = o.StaffUSDPerYear
		r.OpexPerYear.CapitalCostUSD = capex * (annuityFactor(o.CostOfCapitalPct/100, years) - 1/years)
		r.ResidualUSD = capex * o.ResidualPct / 100
		r.Tokens = r.TokensPerSecond * 3600 * HoursPerYear * used * years
	}
	r.TCOUSD = r.Capex.Total() + r.OpexPerYear.Total()*years - r.ResidualUSD
	r.EnergyKWh = r.AveragePowerW / 1000 * hoursPerYear * years * o.PUE
	if r.Tokens > 0 {
		r.USDPerMTok = r.TCOUSD / r.Tokens * 1e6
		r.KWhPerMTok = r.EnergyKWh / r.Tokens * 1e6
	}
	return r
}

// annuityFactor is the yearly payment that repays a loan of 1 over n years
// at rate i: i / (1 - (1+i)^-n), and 1/n when i is 0.
func annuityFactor(i, n float64) float64 {
	if i == 0 {
		return 1 / n
	}
	return i / (1 - math.Pow(1+i, -n))
}

func ceilDiv(a, b int) int {
	if b <= 0 {
		return a
	}
	return (a + b - 1) / b
}

// BreakEven returns the time in years, within (0, years], at which option
// b's cumulative cost falls to option a's, and false when the two curves do
// not cross in the period. Opex accrues linearly, so the crossing is where
// capexA + opexA t = capexB + opexB t.
func BreakEven(a, b Result, years float64) (float64, bool) {
	dCapex := b.Capex.Total() - a.Capex.Total()
	dOpex := a.OpexPerYear.Total() - b.OpexPerYear.Total()
	if dOpex == 0 {
		return 0, false
	}
	t := dCapex / dOpex
	if t <= 0 || t > years {
		return 0, false
	}
	return t, true
}

// GPUsForThroughput returns how many GPUs of option o deliver at least
// tokensPerSecond while serving.
func GPUsForThroughput(o Option, tokensPerSecond float64) int {
	if o.TokensPerSecondPerGPU <= 0 {
		return 0
	}
	return int(math.Ceil(tokensPerSecond/o.TokensPerSecondPerGPU - 1e-9))
}
