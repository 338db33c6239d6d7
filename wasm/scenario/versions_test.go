package scenario

import "testing"

// A Versions field reads family@version as the family's choice whose
// From is the latest at or before the version, a family without From as
// its one choice, and refuses a version that is not one.
func TestVersionsReadAsTheirFamilysChoice(t *testing.T) {
	f := Field{Key: "engine", Versions: true, Choices: []Choice{
		{Value: "vllm", From: "0.11"}, {Value: "vllm@0.10"}, {Value: "sglang", From: "0.5"}, {Value: "sglang@0.4.9", From: "0.4"}, {Value: "sglang@0.3"}, {Value: "tgi"}}}
	for raw, want := range map[string]string{
		"vllm": "vllm", "vllm@0.11": "vllm", "vllm@0.17": "vllm", "vllm@2.0": "vllm", "vllm@0.10": "vllm@0.10", "vllm@0.2.7": "vllm@0.10",
		"sglang@0.5.13": "sglang", "sglang@0.4.9": "sglang@0.4.9", "sglang@0.4": "sglang@0.4.9", "sglang@0.3.0": "sglang@0.3",
		"tgi@2.0.0": "tgi",
	} {
		if got, msg := f.Parse(raw); got != want || msg != "" {
			t.Errorf("Parse(%q) = %q, %q; want %q", raw, got, msg, want)
		}
	}
	for _, raw := range []string{"vllm@nightly", "vllm@0.19.0.post1", "vllm@1.0-rc1", "ollama@0.5", "vllm@"} {
		if got, msg := f.Parse(raw); msg == "" {
			t.Errorf("Parse(%q) = %q; want it refused", raw, got)
		}
	}
}
