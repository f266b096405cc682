package sqlb

// Cond is a boolean condition for WHERE, ON and [If]. Build conditions
// from a column's comparison methods and combine them with [And], [Or] and
// [Not].
type Cond interface {
	renderer
	cond()
}

// Op is a comparison operator.
type Op string

// The comparison operators.
const (
	OpEq Op = "="
	OpNe Op = "<>"
	OpLt Op = "<"
	OpLe Op = "<="
	OpGt Op = ">"
	OpGe Op = ">="
)

type compare struct {
	left, right renderer
	op          Op
}

func (c compare) cond() {}
func (c compare) render(b *builder) {
	switch c.op {
	case OpEq, OpNe, OpLt, OpLe, OpGt, OpGe:
	default:
		b.fail("unknown operator %q", string(c.op))
		return
	}
	c.left.render(b)
	b.write(" " + string(c.op) + " ")
	c.right.render(b)
}

// Compare returns the condition a op b.
func Compare[T any](a Expr[T], op Op, b Expr[T]) Cond { return compare{a, b, op} }

// Eq is c = v.
func (c Column[T]) Eq(v T) Cond { return compare{c, value[T]{v}, OpEq} }

// Ne is c <> v.
func (c Column[T]) Ne(v T) Cond { return compare{c, value[T]{v}, OpNe} }

// Lt is c < v.
func (c Column[T]) Lt(v T) Cond { return compare{c, value[T]{v}, OpLt} }

// Le is c <= v.
func (c Column[T]) Le(v T) Cond { return compare{c, value[T]{v}, OpLe} }

// Gt is c > v.
func (c Column[T]) Gt(v T) Cond { return compare{c, value[T]{v}, OpGt} }

// Ge is c >= v.
func (c Column[T]) Ge(v T) Cond { return compare{c, value[T]{v}, OpGe} }

// EqCol is c = o, the usual join condition.
func (c Column[T]) EqCol(o Column[T]) Cond { return compare{c, o, OpEq} }

type in[T any] struct {
	c   Column[T]
	vs  []T
	not bool
}

func (i in[T]) cond() {}
func (i in[T]) render(b *builder) {
	if len(i.vs) == 0 { // IN () is not SQL; an empty set matches nothing
		if i.not {
			b.write("1 = 1")
		} else {
			b.write("1 = 0")
		}
		return
	}
	i.c.render(b)
	if i.not {
		b.write(" NOT")
	}
	b.write(" IN (")
	b.list(len(i.vs), func(k int) { b.arg(i.vs[k]) })
	b.write(")")
}

// In is c IN (vs...). An empty vs matches no row.
func (c Column[T]) In(vs ...T) Cond { return in[T]{c: c, vs: vs} }

// NotIn is c NOT IN (vs...). An empty vs matches every row.
func (c Column[T]) NotIn(vs ...T) Cond { return in[T]{c: c, vs: vs, not: true} }

type isNull struct {
	c   *colDef
	not bool
}

func (n isNull) cond() {}
func (n isNull) render(b *builder) {
	b.column(n.c)
	if n.not {
		b.write(" IS NOT NULL")
	} else {
		b.write(" IS NULL")
	}
}

// IsNull is c IS NULL.
func (c Column[T]) IsNull() Cond { return isNull{c: c.d} }

// IsNotNull is c IS NOT NULL.
func (c Column[T]) IsNotNull() Cond { return isNull{c: c.d, not: true} }

type junction struct {
	op    string
	conds []Cond
}

func (j junction) cond() {}
func (j junction) render(b *builder) {
	if len(j.conds) == 0 { // the identity of AND is true, of OR false
		if j.op == " AND " {
			b.write("1 = 1")
		} else {
			b.write("1 = 0")
		}
		return
	}
	b.write("(")
	for i, c := range j.conds {
		if i > 0 {
			b.write(j.op)
		}
		c.render(b)
	}
	b.write(")")
}

// And holds when every condition holds; And() is true.
func And(conds ...Cond) Cond { return junction{" AND ", conds} }

// Or holds when any condition holds; Or() is false.
func Or(conds ...Cond) Cond { return junction{" OR ", conds} }

type not struct{ c Cond }

func (n not) cond() {}
func (n not) render(b *builder) {
	b.write("NOT (")
	n.c.render(b)
	b.write(")")
}

// Not negates c.
func Not(c Cond) Cond { return not{c} }
