package urlnorm_test

import (
	"testing"

	"github.com/htmlclean/htmlclean/urlnorm"
)

// TestIPHostFlags: every IP-literal host is flagged ip-host; the ones
// that lead into the reader's or the server's own network are flagged
// internal-ip too, in every spelling the URL parser accepts.
func TestIPHostFlags(t *testing.T) {
	const ip, internal = urlnorm.FlagIPHost, urlnorm.FlagIPHost | urlnorm.FlagInternalIP
	tests := []struct {
		name, in, want string
		flags          urlnorm.Flags
	}{
		{"aws-metadata", "http://169.254.169.254/latest/meta-data/", "http://169.254.169.254/latest/meta-data/", internal},
		{"private-port-leading-zero", "http://192.168.0.1:0080/", "http://192.168.0.1/", internal},
		{"ipv6-loopback", "http://[::1]/", "http://[::1]/", internal},
		{"unspecified", "http://0.0.0.0/", "http://0.0.0.0/", internal},
		{"this-network", "http://0.1.2.3/", "http://0.1.2.3/", internal},
		{"loopback-decimal", "http://2130706433/", "http://127.0.0.1/", internal | urlnorm.FlagNumericIPv4},
		{"loopback-hex", "http://0x7f.1/", "http://127.0.0.1/", internal | urlnorm.FlagNumericIPv4},
		{"loopback-any", "http://127.255.0.9/", "http://127.255.0.9/", internal},
		{"rfc1918-10", "http://10.1.2.3/", "http://10.1.2.3/", internal},
		{"rfc1918-172-16", "http://172.16.0.1/", "http://172.16.0.1/", internal},
		{"rfc1918-172-31", "http://172.31.255.255/", "http://172.31.255.255/", internal},
		{"cgnat-low", "http://100.64.0.1/", "http://100.64.0.1/", internal},
		{"alibaba-metadata", "http://100.100.100.200/latest/meta-data/", "http://100.100.100.200/latest/meta-data/", internal},
		{"cgnat-high", "http://100.127.255.254/", "http://100.127.255.254/", internal},
		{"azure-wireserver", "http://168.63.129.16/", "http://168.63.129.16/", internal},
		{"fullwidth-metadata", "http://１６９.２５４.１６９.２５４/", "http://169.254.169.254/", internal | urlnorm.FlagHostMapped | urlnorm.FlagNumericIPv4},
		{"ipv6-unspecified", "http://[::]/", "http://[::]/", internal},
		{"ipv6-link-local", "http://[fe80::1]/", "http://[fe80::1]/", internal},
		{"ipv6-site-local", "http://[fec0::1]/", "http://[fec0::1]/", internal},
		{"ipv6-ula", "http://[fc00::1]/", "http://[fc00::1]/", internal},
		{"aws-metadata-ipv6", "http://[fd00:ec2::254]/latest/meta-data/", "http://[fd00:ec2::254]/latest/meta-data/", internal},
		{"mapped-loopback", "http://[::ffff:127.0.0.1]/", "http://[::ffff:7f00:1]/", internal | urlnorm.FlagMappedIPv6},
		{"mapped-metadata-hex", "http://[::ffff:a9fe:a9fe]/", "http://[::ffff:a9fe:a9fe]/", internal | urlnorm.FlagMappedIPv6},
		{"compatible-private", "http://[::10.0.0.1]/", "http://[::a00:1]/", internal | urlnorm.FlagEmbeddedIPv4},
		{"translated-private", "http://[::ffff:0:192.168.1.1]/", "http://[::ffff:0:c0a8:101]/", internal | urlnorm.FlagEmbeddedIPv4},
		{"nat64-metadata", "http://[64:ff9b::169.254.169.254]/", "http://[64:ff9b::a9fe:a9fe]/", internal | urlnorm.FlagEmbeddedIPv4},
		{"nat64-local-use", "http://[64:ff9b:1::808:808]/", "http://[64:ff9b:1::808:808]/", internal | urlnorm.FlagEmbeddedIPv4},
		{"6to4-private", "http://[2002:c0a8:101::1]/", "http://[2002:c0a8:101::1]/", internal | urlnorm.FlagEmbeddedIPv4},

		{"public-ipv4", "http://8.8.8.8/", "http://8.8.8.8/", ip},
		{"below-rfc1918-172", "http://172.15.255.255/", "http://172.15.255.255/", ip},
		{"above-rfc1918-172", "http://172.32.0.0/", "http://172.32.0.0/", ip},
		{"below-cgnat", "http://100.63.255.255/", "http://100.63.255.255/", ip},
		{"above-cgnat", "http://100.128.0.0/", "http://100.128.0.0/", ip},
		{"beside-link-local", "http://169.253.169.254/", "http://169.253.169.254/", ip},
		{"beside-wireserver", "http://168.63.129.17/", "http://168.63.129.17/", ip},
		{"public-ipv6", "http://[2606:4700::1111]/", "http://[2606:4700::1111]/", ip},
		{"mapped-public", "http://[::ffff:8.8.8.8]/", "http://[::ffff:808:808]/", ip | urlnorm.FlagMappedIPv6},
		{"nat64-public", "http://[64:ff9b::8.8.8.8]/", "http://[64:ff9b::808:808]/", ip | urlnorm.FlagEmbeddedIPv4},
		{"6to4-public", "http://[2002:808:808::1]/", "http://[2002:808:808::1]/", ip | urlnorm.FlagEmbeddedIPv4},
		{"opaque-host-ipv6", "foo://[::1]/", "foo://[::1]/", internal},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := urlnorm.Inspect(tc.in, urlnorm.Options{})
			if err != nil {
				t.Fatalf("Inspect(%q) error: %v", tc.in, err)
			}
			if r.URL != tc.want || r.Flags != tc.flags {
				t.Errorf("Inspect(%q) = %q, %v; want %q, %v", tc.in, r.URL, r.Flags, tc.want, tc.flags)
			}
		})
	}
	for _, in := range []string{"http://example.com/", "http://localhost/", "http://10.example/", "http://a1.b2/"} {
		r, err := urlnorm.Inspect(in, urlnorm.Options{})
		if err != nil || r.Flags&(ip|internal) != 0 {
			t.Errorf("Inspect(%q) = %q, %v, flags %v; want no IP flag", in, r.URL, err, r.Flags)
		}
	}
}
