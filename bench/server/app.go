package server

import (
	"encoding/json"
	"net/http"

	"github.com/sesame-go/sesame/authhttp"
)

// appUser is what the application's route, GET /api/me, answers: the
// signed-in user's ID, name and address, as an application would.
type appUser struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
}

// floorMe is the application's route on the floor: the user its
// middleware put in the request's context.
func floorMe(w http.ResponseWriter, r *http.Request) {
	u, _ := r.Context().Value(floorUserKey{}).(appUser)
	writeJSON(w, http.StatusOK, u)
}

// sesameMe is the application's route on Sesame: the user
// [authhttp.Middleware] admitted, as [authhttp.UserFrom] returns it.
func sesameMe(w http.ResponseWriter, r *http.Request) {
	u, _ := authhttp.UserFrom(r) // RequireUser let only signed-in users through
	email, _ := u.Fields["primaryEmail"].(string)
	writeJSON(w, http.StatusOK, appUser{ID: u.ID, Name: u.Name, Email: email})
}

// writeJSON answers v as JSON with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}
