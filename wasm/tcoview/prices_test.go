package tcoview_test

import (
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/tcoview"
)

// Issue 36, point 1: /tco/?a.gpu=h200-sxm priced owned H200s at $0, the
// catalog having no purchase price for them. Edition 2026-12-06 adds the
// reported price of Chinese orders, about $27,000 per chip (Reuters, as
// HotHardware reported it on 2026-01-08), and the field names its source.
func TestOwnedH200TakesTheCatalogsPurchasePrice(t *testing.T) {
	s := tcoview.Resolve("a.gpu=h200-sxm", load(t))
	if got := s.Options[0].Option.GPUPriceUSD; got != 27000 {
		t.Errorf("H200 purchase price: got %v; want 27000", got)
	}
	in := input(t, s, "a.gp")
	if !strings.Contains(in.Note, "HotHardware") || !strings.Contains(in.Note, "not a list price") {
		t.Errorf("a.gp note %q does not say where the price comes from and what it is", in.Note)
	}
}

// Issue 36, point 1: /tco/?c.gpu=b200 rented B200s with no offer to
// choose. Edition 2026-12-06 lists six, each the instance's on-demand
// price divided by its GPUs; choosing CoreWeave's HGX B200 ($68.80 an
// hour for 8 GPUs, 2026-09-20) rents at 68.80 / 8 = $8.60 per GPU-hour.
func TestRentedB200CanTakeItsOffers(t *testing.T) {
	d := load(t)
	cloud := input(t, tcoview.Resolve("c.gpu=b200", d), "c.cloud")
	coreweave := ""
	for _, provider := range []string{"CoreWeave", "AWS", "Lambda", "Nebius", "RunPod (community)", "RunPod (secure)"} {
		found := false
		for _, c := range cloud.Choices {
			if strings.Contains(c.Label, provider) {
				found = true
				if provider == "CoreWeave" {
					coreweave = c.Value
				}
			}
		}
		if !found {
			t.Errorf("no B200 offer from %s among %v", provider, cloud.Choices)
		}
	}
	if coreweave == "" {
		t.FailNow()
	}
	s := tcoview.Resolve("c.gpu=b200&c.cloud="+coreweave, d)
	if got := s.Options[2].Option.RentUSDPerGPUHour; got != 8.60 {
		t.Errorf("B200 rented at CoreWeave's offer: got %v per GPU-hour; want 8.60", got)
	}
}
