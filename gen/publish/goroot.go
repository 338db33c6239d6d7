package publish

import (
	"os/exec"
	"runtime"
	"strings"
)

// goRoot returns the GOROOT of the go command on PATH, whose wasm_exec.js
// matches the compiler that built the browser module.
func goRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return runtime.GOROOT(), nil
	}
	return strings.TrimSpace(string(out)), nil
}
