package coretest

import (
	"context"
	"testing"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/authtest"
	"github.com/sesame-go/sesame/sqlb"
)

// The host's own table, as an app declares it next to Sesame's: orders
// that belong to users.
var (
	shopOrders     = sqlb.NewTable("shop_order")
	shopOrderID    = sqlb.NewColumn[string](shopOrders, "id", sqlb.String(36))
	shopOrderUser  = sqlb.NewColumn[string](shopOrders, "user_id", sqlb.String(36))
	shopOrderTotal = sqlb.NewColumn[int64](shopOrders, "total", sqlb.Int())
)

func init() { shopOrders.PrimaryKey(shopOrderID) }

// TestHostTablesKeepTheirNames proves that the table prefix and renames
// apply to Sesame's tables only: a host table, created by the host's own
// migrations under its declared name, is found through Auth.DB and joins
// the real user table.
func TestHostTablesKeepTheirNames(t *testing.T) {
	// Each row names Sesame's tables apart, so that the rows share the
	// engine's database without sharing a table.
	tests := []struct {
		name   string
		prefix string
		rename string // the real name of auth_user, if renamed
		users  string // the real name of auth_user
	}{
		{"prefix", "app_", "", "app_auth_user"},
		{"rename", "", "people", "people"},
		{"prefix and rename", "pr_", "members", "members"},
	}
	authtest.Engines(t, func(t *testing.T, e *authtest.Engine) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				ctx := context.Background()
				login := authtest.NewLogin()
				opts := []auth.Option{auth.WithDB(e.DB, e.Dialect), auth.WithBaseURL(authtest.BaseURL),
					auth.WithPlugins(login), auth.WithTablePrefix(tt.prefix)}
				if tt.rename != "" {
					opts = append(opts, auth.RenameTable("auth_user", tt.rename))
				}
				a, err := auth.New(opts...)
				if err != nil {
					t.Fatalf("auth.New: %v", err)
				}
				if err := a.Migrate(ctx); err != nil {
					t.Fatalf("Migrate: %v", err)
				}
				// The host's migrations know nothing of Sesame's naming.
				if err := e.SQL().Apply(ctx, sqlb.CreateTable(shopOrders)); err != nil {
					t.Fatalf("create the host's table: %v", err)
				}
				t.Cleanup(func() { e.SQL().Apply(context.Background(), sqlb.DropTable(shopOrders)) })
				in, err := login.SignIn(ctx, "ada")
				if err != nil {
					t.Fatalf("SignIn: %v", err)
				}

				if got := a.TableName(shopOrders); got != "shop_order" {
					t.Errorf("TableName(shop_order) = %q, want %q", got, "shop_order")
				}
				if got := a.TableName(auth.Users); got != tt.users {
					t.Errorf("TableName(auth_user) = %q, want %q", got, tt.users)
				}
				_, err = a.DB().Exec(ctx, sqlb.Insert(shopOrders).Row(shopOrderID.Set("o1"), shopOrderUser.Set(in.User.ID), shopOrderTotal.Set(42)))
				if err != nil {
					t.Fatalf("insert an order through Auth.DB: %v", err)
				}
				var name string
				var total int64
				err = a.DB().One(ctx, sqlb.Select(auth.UserName.Into(&name), shopOrderTotal.Into(&total)).
					From(shopOrders).Join(auth.Users, shopOrderUser.EqCol(auth.UserID)).Where(shopOrderID.Eq("o1")))
				if err != nil || name != "ada" || total != 42 {
					t.Errorf("orders joined with users through Auth.DB = %q, %d, %v; want %q, 42, nil", name, total, err, "ada")
				}
				if n, err := realRows(e, "shop_order"); err != nil || n != 1 {
					t.Errorf("shop_order rows = %d, %v; want 1", n, err)
				}
				if tt.prefix != "" {
					if _, err := realRows(e, tt.prefix+"shop_order"); err == nil {
						t.Errorf("table %sshop_order exists, want none of that name", tt.prefix)
					}
				}
			})
		}
	})
}
