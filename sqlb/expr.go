package sqlb

// Expr is an SQL expression whose value has Go type T: a [Column], a bound
// value ([Val]), an upsert's proposed value ([Excluded]), arithmetic
// ([Add]), a conditional ([If]) or an aggregate ([Count]).
type Expr[T any] interface {
	renderer
	exprOf(T)
}

func (c Column[T]) render(b *builder) { b.column(c.d) }
func (c Column[T]) exprOf(T)          {}

type value[T any] struct{ v T }

func (v value[T]) render(b *builder) { b.arg(v.v) }
func (v value[T]) exprOf(T)          {}

// Val returns v as an expression; it is always bound as a parameter.
func Val[T any](v T) Expr[T] { return value[T]{v} }

type excluded[T any] struct{ c Column[T] }

func (e excluded[T]) render(b *builder) {
	if b.d == MySQL {
		b.write("VALUES(")
		b.bare(e.c.d)
		b.write(")")
		return
	}
	b.write("excluded.")
	b.bare(e.c.d)
}
func (e excluded[T]) exprOf(T) {}

// Excluded is the value an upsert proposed for c, for use in
// [InsertStmt.OnConflictUpdate] (excluded.c, or VALUES(c) on MySQL).
func Excluded[T any](c Column[T]) Expr[T] { return excluded[T]{c} }

// Number is the set of Go types [Add] accepts.
type Number interface {
	~int | ~int64 | ~float64
}

type sum[T Number] struct{ a, b Expr[T] }

func (s sum[T]) render(b *builder) {
	b.write("(")
	s.a.render(b)
	b.write(" + ")
	s.b.render(b)
	b.write(")")
}
func (s sum[T]) exprOf(T) {}

// Add returns a + b, as an atomic increment needs: c.SetTo(Add(c, Val(1))).
func Add[T Number](a, b Expr[T]) Expr[T] { return sum[T]{a, b} }

type cond[T any] struct {
	c         Cond
	then, els Expr[T]
}

func (c cond[T]) render(b *builder) {
	b.write("CASE WHEN ")
	c.c.render(b)
	b.write(" THEN ")
	c.then.render(b)
	b.write(" ELSE ")
	c.els.render(b)
	b.write(" END")
}
func (c cond[T]) exprOf(T) {}

// If returns then where c holds and otherwise els (CASE WHEN).
func If[T any](c Cond, then, els Expr[T]) Expr[T] { return cond[T]{c, then, els} }

type count struct{}

func (count) render(b *builder) { b.write("COUNT(*)") }
func (count) exprOf(int64)      {}

// Count is COUNT(*).
func Count() Expr[int64] { return count{} }
