//go:build !(js && wasm)

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"time"

	"github.com/infercost/infercost/wasm/preview"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "worker:", err)
		os.Exit(1)
	}
}

// run serves the worker's handler on 127.0.0.1:$PORT (8788 by default)
// with the built site's files from -dir, until ctx ends. workers.Serve
// would listen on every interface; a development server listens on
// loopback only. Its pages and cards name -url (by default $WORKER_URL,
// else its own address), which it refuses to start with when
// checkPublicURL finds it wrong; -check only checks it, for the build of
// the worker for workerd (make worker-wasm).
func run(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	flags := flag.NewFlagSet("worker", flag.ContinueOnError)
	dir := flags.String("dir", "public", "the built site (make build)")
	publicURL := flags.String("url", getenv("WORKER_URL"), "where readers reach the worker (default: its own address)")
	check := flags.Bool("check", false, "check -url against the site in -dir, and exit")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if _, err := os.Stat(*dir); err != nil {
		return fmt.Errorf("%w (make build writes the site)", err)
	}
	base, _, where := preview.Where(os.DirFS(*dir))
	if *check {
		return errors.Join(where, checkPublicURL(*publicURL, base))
	}
	port := getenv("PORT")
	if port == "" {
		port = "8788"
	}
	ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", port))
	if err != nil {
		return err
	}
	if *publicURL == "" {
		*publicURL = "http://" + ln.Addr().String()
	}
	// Without pages (no make build) it serves the files only, and says so.
	if err := checkPublicURL(*publicURL, base); where == nil && err != nil {
		ln.Close()
		return err
	}
	srv := devServer(handler(http.FileServer(http.Dir(*dir)), os.DirFS(*dir), *publicURL))
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	fmt.Fprintf(stdout, "worker: serving the API and %s on http://%s/ (its previews name %s)\n", *dir, ln.Addr(), *publicURL)
	if err := srv.Serve(ln); err != http.ErrServerClosed {
		return err
	}
	return nil
}

// devServer is the development server of h: a client gets 10 s to send
// its request's headers, so that a slow one holds no connection open
// for good (Slowloris).
func devServer(h http.Handler) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
}
