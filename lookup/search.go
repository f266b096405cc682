package lookup

import (
	"context"
	"encoding/json"
)

// CourseHit is a course found by [Client.SearchCourses], with its text score.
type CourseHit struct {
	Course
	// Score is MongoDB's text score of the title for the search, higher
	// for a better match (reference facts §1.6).
	Score float64 `json:"score"`
}

// hitScore is the score of a search hit: score, or hitScore in the 2016
// version of the service.
type hitScore struct {
	Score    flexFloat `json:"score"`
	HitScore flexFloat `json:"hitScore"`
}

func (s hitScore) value() float64 {
	switch {
	case s.Score.v != nil:
		return *s.Score.v
	case s.HitScore.v != nil:
		return *s.HitScore.v
	}
	return 0
}

// UnmarshalJSON decodes a hit, with or without its sections; on error h is
// left unchanged.
func (h *CourseHit) UnmarshalJSON(b []byte) error {
	var c Course
	if err := json.Unmarshal(b, &c); err != nil {
		return err
	}
	var s hitScore
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	*h = CourseHit{Course: c, Score: s.value()}
	return nil
}

// BuildingHit is a building found by [Client.SearchBuildings], with its text
// score.
type BuildingHit struct {
	Building
	// Score is MongoDB's text score of the name for the search.
	Score float64 `json:"score"`
}

// UnmarshalJSON decodes a hit; on error h is left unchanged.
func (h *BuildingHit) UnmarshalJSON(data []byte) error {
	var b Building
	if err := json.Unmarshal(data, &b); err != nil {
		return err
	}
	var s hitScore
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	*h = BuildingHit{Building: b, Score: s.value()}
	return nil
}

// SearchCourses searches course titles: GET /search/courses/:q. The service
// runs a MongoDB text search: words are stemmed, stop words dropped, any
// word matches, "quoted phrases" must all match and -words must not; hits
// come best first, at most 100 (reference facts §1.2, §1.6). Only titles
// are searched, but as they start with the subject code and number, "NUTR"
// and "240" find courses too; "nutrition" does not match the code NUTR. No
// hit gives an empty list; an empty query is [ErrInvalid].
func (c *Client) SearchCourses(ctx context.Context, q string) ([]CourseHit, error) {
	term, err := segment("search", q, false)
	if err != nil {
		return nil, err
	}
	var hits []CourseHit
	if err := c.getFresh(ctx, &hits, "search", "courses", term); err != nil {
		return nil, err
	}
	return hits, nil
}

// SearchBuildings searches building names: GET /search/buildings/:q, as
// [Client.SearchCourses] searches titles.
func (c *Client) SearchBuildings(ctx context.Context, q string) ([]BuildingHit, error) {
	term, err := segment("search", q, false)
	if err != nil {
		return nil, err
	}
	var hits []BuildingHit
	if err := c.getFresh(ctx, &hits, "search", "buildings", term); err != nil {
		return nil, err
	}
	return hits, nil
}

// getFresh fetches a list without the cache: search answers are not cached.
func (c *Client) getFresh(ctx context.Context, v any, segments ...string) error {
	r, err := c.get(ctx, c.url(segments...))
	if err != nil {
		return err
	}
	return r.decode(v)
}
