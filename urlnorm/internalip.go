package urlnorm

import "net/netip"

// internalIPv4 reports IPv4 addresses that name the reader's own machine
// or network, or a cloud provider's instance services, rather than a
// site on the Internet: what a server-side fetcher (link unfurler, image
// proxy, webhook) must not be steered to (server-side request forgery).
//
//   - 0.0.0.0/8 "this network" (RFC 1122 §3.2.1.3, RFC 6890): Linux and
//     macOS connect 0.0.0.0 to the local host.
//   - 127.0.0.0/8 loopback (RFC 1122 §3.2.1.3).
//   - 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16 private (RFC 1918).
//   - 169.254.0.0/16 link-local (RFC 3927), where the metadata services
//     of AWS, GCP, Azure, Oracle, DigitalOcean and OpenStack answer at
//     169.254.169.254.
//   - 100.64.0.0/10 shared address space, carrier-grade NAT (RFC 6598);
//     Alibaba Cloud's metadata service is 100.100.100.200.
//   - 168.63.129.16, Azure's platform "WireServer", reachable from every
//     Azure VM though in public space.
func internalIPv4(a uint32) bool {
	ip := netip.AddrFrom4([4]byte{byte(a >> 24), byte(a >> 16), byte(a >> 8), byte(a)})
	switch {
	case a>>24 == 0, ip.IsLoopback(), ip.IsPrivate(), ip.IsLinkLocalUnicast():
		return true
	case a&0xFFC00000 == 0x64400000: // 100.64.0.0/10
		return true
	case a == 0xA83F8110: // 168.63.129.16
		return true
	}
	return false
}

// internalIPv6 is internalIPv4 for IPv6 addresses:
//
//   - ::/128 unspecified (RFC 4291 §2.5.2), ::1/128 loopback (§2.5.3).
//   - fe80::/10 link-local (§2.5.6); fec0::/10 site-local, deprecated by
//     RFC 3879 but still routed locally by some stacks.
//   - fc00::/7 unique local (RFC 4193), where AWS's IPv6 metadata
//     service answers at fd00:ec2::254.
//   - 64:ff9b:1::/48, the NAT64 prefix for local use (RFC 8215).
//   - an internal IPv4 address (internalIPv4) carried as IPv4-mapped
//     ::ffff:0:0/96 (RFC 4291 §2.5.5.2), IPv4-compatible ::/96 (§2.5.5.1,
//     deprecated), IPv4-translated ::ffff:0:0:0/96 (RFC 2765), NAT64
//     64:ff9b::/96 (RFC 6052), which a translator turns into that IPv4
//     address, or 6to4 2002::/16 (RFC 3056), whose relay reaches the
//     embedded IPv4 network. Teredo (2001::/32, RFC 4380) hides its
//     client address and is left to FlagEmbeddedIPv4.
func internalIPv6(a [8]uint16) bool {
	var b [16]byte
	for i, p := range a {
		b[2*i], b[2*i+1] = byte(p>>8), byte(p)
	}
	ip := netip.AddrFrom16(b)
	switch {
	case ip.IsUnspecified(), ip.IsLoopback(), ip.IsLinkLocalUnicast(), ip.IsPrivate():
		return true
	case a[0]&0xFFC0 == 0xFEC0: // fec0::/10
		return true
	case a[0] == 0x64 && a[1] == 0xFF9B && a[2] == 1: // 64:ff9b:1::/48
		return true
	}
	v4, ok := embeddedIPv4(a)
	return ok && internalIPv4(v4)
}

// embeddedIPv4 returns the IPv4 address an IPv6 address carries in one
// of the forms internalIPv6 lists.
func embeddedIPv4(a [8]uint16) (uint32, bool) {
	low := uint32(a[6])<<16 | uint32(a[7])
	zero4 := a[0]|a[1]|a[2]|a[3] == 0
	switch {
	case zero4 && a[4] == 0 && (a[5] == 0xFFFF || a[5] == 0): // mapped, compatible
		return low, true
	case zero4 && a[4] == 0xFFFF && a[5] == 0: // translated
		return low, true
	case a[0] == 0x64 && a[1] == 0xFF9B && a[2]|a[3]|a[4]|a[5] == 0: // NAT64
		return low, true
	case a[0] == 0x2002: // 6to4
		return uint32(a[1])<<16 | uint32(a[2]), true
	}
	return 0, false
}
