package auth

import (
	"net"
	"net/netip"
	"strings"
)

// ClientIP decides the client's address from a connection's remote
// address and its X-Forwarded-For values. The header is believed only
// when the connection comes from a trusted proxy ([WithTrustedProxies]),
// and then only as far as the chain of trusted proxies goes: the address
// is the right-most one not a trusted proxy.
func (a *Auth) ClientIP(remoteAddr string, forwardedFor []string) netip.Addr {
	ip := parseAddr(remoteAddr)
	if !ip.IsValid() || !a.trustedProxy(ip) {
		return ip
	}
	var hops []string
	for _, h := range forwardedFor {
		hops = append(hops, strings.Split(h, ",")...)
	}
	for i := len(hops) - 1; i >= 0; i-- {
		hop := parseAddr(strings.TrimSpace(hops[i]))
		if !hop.IsValid() {
			return ip // a malformed hop ends what can be believed
		}
		ip = hop
		if !a.trustedProxy(hop) {
			return hop
		}
	}
	return ip
}

func (a *Auth) trustedProxy(ip netip.Addr) bool {
	for _, p := range a.cfg.trustedProxies {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// parseAddr reads "host:port", "[v6]:port" or a bare address.
func parseAddr(s string) netip.Addr {
	if host, _, err := net.SplitHostPort(s); err == nil {
		s = host
	}
	ip, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Addr{}
	}
	return ip.Unmap().WithZone("")
}
