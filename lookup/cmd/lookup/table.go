package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/sesame-go/sesame/lookup"
)

func searchCourses(ctx context.Context, c *lookup.Client, query string, limit int, out io.Writer) error {
	hits, err := c.SearchCourses(ctx, query)
	if err != nil {
		return err
	}
	if len(hits) == 0 {
		_, err := fmt.Fprintf(out, "No course matches %q.\n", query)
		return err
	}
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "SCORE\tCOURSE\tCREDITS\tSECTIONS\tTITLE")
	for _, h := range hits[:min(limit, len(hits))] {
		code := h.SubjectCode + " " + strconv.Itoa(h.CourseNumber)
		title := strings.TrimPrefix(h.Title, code+" ") // titles repeat the code
		fmt.Fprintf(tw, "%.4f\t%s\t%s\t%d\t%s\n", h.Score, code, h.Credits, len(h.Sections), title)
	}
	return flush(tw, out, len(hits), limit)
}

func searchBuildings(ctx context.Context, c *lookup.Client, query string, limit int, out io.Writer) error {
	hits, err := c.SearchBuildings(ctx, query)
	if err != nil {
		return err
	}
	if len(hits) == 0 {
		_, err := fmt.Fprintf(out, "No building matches %q.\n", query)
		return err
	}
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "SCORE\tABBR\tNAME\tADDRESS\tLOCATION")
	for _, h := range hits[:min(limit, len(hits))] {
		location := "-"
		if lat, long, ok := h.Location(); ok {
			location = fmt.Sprintf("%.6f, %.6f", lat, long)
		}
		fmt.Fprintf(tw, "%.4f\t%s\t%s\t%s\t%s\n", h.Score, dash(h.Abbr), h.Name, dash(h.Address), location)
	}
	return flush(tw, out, len(hits), limit)
}

// flush writes the table and, when hits were left out, says how many.
func flush(tw *tabwriter.Writer, out io.Writer, hits, limit int) error {
	if err := tw.Flush(); err != nil {
		return err
	}
	if hits > limit {
		_, err := fmt.Fprintf(out, "(%d more; raise -limit to see them)\n", hits-limit)
		return err
	}
	return nil
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
