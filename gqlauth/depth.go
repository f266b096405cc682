package gqlauth

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// DepthLimit returns a gqlgen extension that refuses an operation whose
// selections nest deeper than max fields (fragments counted where they
// are spread), with the error code depth_limit_exceeded, before any field
// runs. Complexity is gqlgen's own extension.FixedComplexityLimit: use both.
func DepthLimit(max int) graphql.HandlerExtension { return depthLimit{max} }

type depthLimit struct{ max int }

// DepthLimitExceeded is the extensions code of the error of [DepthLimit].
const DepthLimitExceeded = "depth_limit_exceeded"

func (depthLimit) ExtensionName() string { return "gqlauth.DepthLimit" }

func (depthLimit) Validate(graphql.ExecutableSchema) error { return nil }

func (d depthLimit) MutateOperationContext(_ context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	if oc.Operation == nil {
		return nil
	}
	if depth(oc.Operation.SelectionSet, oc.Doc.Fragments, 0, d.max) > d.max {
		return &gqlerror.Error{Message: "the query nests too deep", Extensions: map[string]any{"code": DepthLimitExceeded, "status": 400}}
	}
	return nil
}

// depth is the deepest nesting of fields in set, below level; it stops
// counting past limit, so that a cycle of fragments ends too.
func depth(set ast.SelectionSet, frags ast.FragmentDefinitionList, level, limit int) int {
	deepest := level
	if level > limit {
		return level
	}
	for _, sel := range set {
		var d int
		switch s := sel.(type) {
		case *ast.Field:
			d = depth(s.SelectionSet, frags, level+1, limit)
		case *ast.InlineFragment:
			d = depth(s.SelectionSet, frags, level, limit)
		case *ast.FragmentSpread:
			if f := frags.ForName(s.Name); f != nil {
				d = depth(f.SelectionSet, frags, level, limit)
			}
		}
		deepest = max(deepest, d)
	}
	return deepest
}
