package main

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"
)

func serve(_ *testing.T, r *gin.Engine, req *http.Request) *http.Response {
	w := httptest.NewRecorder()
	r.ServeHTTP(w, req)
	return w.Result()
}
