package site

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
	"syscall"
	"time"
)

// ShutdownTimeout is how long a shutdown waits for requests in flight.
const ShutdownTimeout = 10 * time.Second

// Serve serves h on ln until ctx ends, then shuts down gracefully: it
// stops accepting, lets requests in flight finish for up to
// [ShutdownTimeout], and returns nil after a clean shutdown.
func Serve(ctx context.Context, h http.Handler, ln net.Listener) error {
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), ShutdownTimeout)
	defer cancel()
	err := srv.Shutdown(shutdown)
	if serr := <-served; !errors.Is(serr, http.ErrServerClosed) {
		err = errors.Join(err, serr)
	}
	return err
}

// Main is a starter's main function: it runs the app named name until
// SIGINT or SIGTERM and exits 1 on failure. serve is the framework
// wiring; see [Run].
func Main(name string, serve func(ctx context.Context, app *App, ln net.Listener) error, opts ...Option) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := Run(ctx, name, os.Args[1:], os.Stdout, serve, opts...)
	stop()
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// Run parses the starter's flags (environment variables from the
// process), builds the app, announces where it listens, and has serve
// serve it on the listener until ctx ends. serve must shut down gracefully
// when ctx ends, as [Serve] does for net/http handlers. With -make-admin
// ([Config.MakeAdmin]) it serves nothing: it gives the role and returns.
func Run(ctx context.Context, name string, args []string, stdout io.Writer, serve func(ctx context.Context, app *App, ln net.Listener) error, opts ...Option) (err error) {
	cfg, err := ParseConfig(name, args, os.Getenv, stdout)
	if err != nil {
		return err
	}
	if cfg.MakeAdmin != "" {
		return makeAdmin(ctx, cfg, stdout, opts...)
	}
	ln, err := cfg.Listen()
	if err != nil {
		return err
	}
	app, err := New(ctx, cfg, stdout, opts...)
	if err != nil {
		return errors.Join(err, ln.Close())
	}
	defer func() { err = errors.Join(err, app.Close()) }()
	Announce(stdout, ln, cfg.BaseURL)
	return serve(ctx, app, ln)
}

// makeAdmin is Run's -make-admin: it opens the app without serving it,
// gives the role, and says so.
func makeAdmin(ctx context.Context, cfg Config, stdout io.Writer, opts ...Option) (err error) {
	if cfg.BaseURL == "" {
		cfg.BaseURL = "http://" + cfg.Addr // no listener: the address is only a name here
	}
	app, err := New(ctx, cfg, stdout, opts...)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, app.Close()) }()
	if err := app.MakeAdmin(ctx, cfg.MakeAdmin); err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "%s is an administrator: sign in and open %s\n", cfg.MakeAdmin, AdminPath)
	return err
}
