package pow_test

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"fmt"
	"log"
	"strings"
	"time"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/magiclink"
	"github.com/sesame-go/sesame/plugin/pow"
	"github.com/sesame-go/sesame/sqlb"
)

// Wiring: every magic-link request needs a proof of work, and past ten a
// minute from one client the puzzles grow harder. The journeys run in the
// plugin's test module (plugin/pow/test), on every engine.
func ExampleNew() {
	db, err := sql.Open("pgx", "postgres://app@db.internal/app")
	if err != nil {
		log.Fatal(err)
	}
	_, err = auth.New(auth.WithDB(db, sqlb.Postgres), auth.WithBaseURL("https://acme.example/auth"),
		auth.WithPlugins(magiclink.New(), pow.New(pow.WithOperations(magiclink.OpSend), pow.WithRaise(1, 24))),
		auth.WithRateLimit(magiclink.OpSend, auth.RateRules{
			IP: auth.RateRule{Limit: 60, Window: time.Minute, Sliding: true, Challenge: 10},
		}))
	if err != nil {
		log.Fatal(err)
	}
}

// Solving the documentation's test vector: the proof's SHA-256 begins with
// 12 zero bits.
func ExampleSolve() {
	challenge := strings.Repeat("A", 43)
	proof, err := pow.Solve(context.Background(), challenge, 12)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(proof)
	fmt.Printf("%x\n", sha256.Sum256([]byte(proof)))
	// Output:
	// AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.16g
	// 000a8d4c08995ee4e938e99e3a9b8edd855259c6346a7edbc756f4b894e0b9af
}

// A Go client asks for a puzzle for the operation it is about to call,
// solves it and calls the operation with the proof.
func ExampleWithProof() {
	ctx := context.Background()
	var p *pow.Plugin // the instance's plugin
	var ml *magiclink.Plugin
	puzzle, err := p.Puzzle(ctx, pow.PuzzleRequest{Op: magiclink.OpSend})
	if err != nil {
		log.Fatal(err)
	}
	proof, err := pow.Solve(ctx, puzzle.Challenge.Reveal(), puzzle.Difficulty)
	if err != nil {
		log.Fatal(err)
	}
	err = ml.Send(pow.WithProof(ctx, proof), magiclink.SendRequest{Email: "ada@example.com"})
	if err != nil {
		log.Fatal(err)
	}
}
