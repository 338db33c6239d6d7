package main

import (
	"regexp"
	"strings"
)

// openWeights maps the name under which the dataset's providers sell an
// open-weights model to the model of content/data/models.yaml whose
// architecture it has, so that the pricing page can compare buying the
// model with hosting it. A name is the dataset's model id after
// normalise; each key is the Hugging Face repository name of the
// weights (meta-llama/Llama-3.3-70B-Instruct, openai/gpt-oss-120b,
// Qwen/Qwen3-235B-A22B, deepseek-ai/DeepSeek-V3, …) or a provider's
// spelling of it. Later checkpoints of the same architecture (dated
// releases such as DeepSeek-V3-0324 or Qwen3-235B-A22B-Instruct-2507)
// link to the model they share it with. Left out on purpose: distilled,
// vision, coder, "air" and "thinking" variants, whose architecture or
// weights differ, and models the catalog lacks. Every target must be a
// model of models.yaml as the first edition has it: the snapshot is a
// data file of every edition (the build checks this).
var openWeights = map[string]string{
	"llama-2-7b": "llama-2-7b", "llama-2-13b": "llama-2-13b", "llama-2-70b": "llama-2-70b",
	"llama-3.1-8b": "llama-3.1-8b", "llama-3.1-70b": "llama-3.1-70b", "llama-3.1-405b": "llama-3.1-405b",
	"llama3.1-8b": "llama-3.1-8b", "llama-v3.1-8b": "llama-3.1-8b", "llama-v3.1-70b": "llama-3.1-70b", "llama-v3.1-405b": "llama-3.1-405b",
	"meta-llama-3.1-8b": "llama-3.1-8b", "meta-llama-3.1-70b": "llama-3.1-70b", "meta-llama-3.1-405b": "llama-3.1-405b",
	"llama3-1-8b": "llama-3.1-8b", "llama3-1-70b": "llama-3.1-70b", "llama3-1-405b": "llama-3.1-405b", "llama3-3-70b": "llama-3.3-70b",
	"llama-3.3-70b": "llama-3.3-70b", "llama3.3-70b": "llama-3.3-70b", "llama-v3.3-70b": "llama-3.3-70b", "meta-llama-3.3-70b": "llama-3.3-70b",
	"llama-4-scout-17b-16e": "llama-4-scout", "llama-4-scout": "llama-4-scout",
	"llama-4-maverick-17b-128e": "llama-4-maverick", "llama-4-maverick": "llama-4-maverick",
	"mistral-7b-v0.1": "mistral-7b", // later versions drop the sliding window
	"mixtral-8x7b":    "mixtral-8x7b", "mixtral-8x7b-v0.1": "mixtral-8x7b", "mixtral-8x7b-32768": "mixtral-8x7b", "mixtral-8x7b-v0:1": "mixtral-8x7b",
	"mixtral-8x22b": "mixtral-8x22b", "mixtral-8x22b-v0.1": "mixtral-8x22b",
	"mistral-large-2407": "mistral-large-2",
	"qwen2.5-7b":         "qwen2.5-7b", "qwen2.5-72b": "qwen2.5-72b",
	"qwen3-0.6b": "qwen3-0.6b", "qwen3-32b": "qwen3-32b",
	"qwen3-30b-a3b": "qwen3-30b-a3b", "qwen3-30b-a3b-2507": "qwen3-30b-a3b",
	"qwen3-235b-a22b": "qwen3-235b-a22b", "qwen3-235b-a22b-2507": "qwen3-235b-a22b",
	"gemma-2-9b": "gemma-2-9b", "gemma-2-27b": "gemma-2-27b", "gemma2-9b": "gemma-2-9b",
	"gemma-3-4b": "gemma-3-4b", "gemma-3-12b": "gemma-3-12b", "gemma-3-27b": "gemma-3-27b",
	"deepseek-v3": "deepseek-v3", "deepseek-v3-0324": "deepseek-v3",
	"deepseek-v3.1": "deepseek-v3.1", "deepseek-v3.1-terminus": "deepseek-v3.1",
	"deepseek-r1": "deepseek-r1", "deepseek-r1-0528": "deepseek-r1",
	"gpt-oss-20b": "gpt-oss-20b", "gpt-oss-120b": "gpt-oss-120b",
	"kimi-k2": "kimi-k2", "kimi-k2-0711": "kimi-k2", "kimi-k2-0905": "kimi-k2",
	"glm-4.5": "glm-4.5",
	"phi-4":   "phi-4",
}

var (
	// decimalP is the "p" some providers write for a decimal point
	// (Fireworks' llama-v3p3-70b-instruct, deepseek-v3p1).
	decimalP = regexp.MustCompile(`(\d)p(\d)`)
	// servingSuffix is what providers add to a model's name for the way
	// they serve it (tuning, speed tier, quantisation, version of the
	// listing): the weights' architecture stays the same.
	// (":0" is a Bedrock listing's version, not the model's).
	servingSuffix = regexp.MustCompile(`(-it|-chat|-hf|-versatile|-instant|-specdec|-turbo|-fast|-fp8|-maas|-v?\d+:0)$`)
)

// weightsOf returns the catalog model whose weights the dataset's model
// id serves, or "".
func weightsOf(datasetModelID string) string {
	name := strings.ToLower(datasetModelID[strings.LastIndex(datasetModelID, "/")+1:])
	// Bedrock-style ids put the vendor before a dot: meta.llama3-3-70b…
	if vendor, rest, ok := strings.Cut(name, "."); ok && !strings.ContainsAny(vendor, "0123456789") {
		name = rest
	}
	name = decimalP.ReplaceAllString(name, "$1.$2")
	// "-instruct" may come before a release date (…-Instruct-2507).
	name = strings.ReplaceAll(name, "-instruct", "")
	for {
		trimmed := servingSuffix.ReplaceAllString(name, "")
		if trimmed == name {
			break
		}
		name = trimmed
	}
	return openWeights[name]
}
