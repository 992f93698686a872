package safefile

import (
	"bytes"
	"errors"
	"syscall"
)

// copyXattrs makes the extended attributes of the file dst those of src
// (listxattr(2), getxattr(2), setxattr(2)): user.* attributes, POSIX
// ACLs (system.posix_acl_*), SELinux labels and capabilities
// (security.*), and for root trusted.*. An attribute dst has and src has
// not (a default ACL inherited from the directory) is removed. A file
// system without extended attributes has none to keep.
func copyXattrs(src, dst string) error {
	have, err := listXattrs(src)
	if err != nil {
		if errors.Is(err, syscall.ENOTSUP) {
			return nil
		}
		return err
	}
	extra, err := listXattrs(dst)
	if err != nil && !errors.Is(err, syscall.ENOTSUP) {
		return err
	}
	keep := map[string]bool{}
	for _, name := range have {
		keep[name] = true
		val, err := getXattr(src, name)
		if err != nil {
			return err
		}
		if err := syscall.Setxattr(dst, name, val, 0); err != nil {
			return errors.New(name + ": " + err.Error())
		}
	}
	for _, name := range extra {
		if !keep[name] {
			if err := syscall.Removexattr(dst, name); err != nil {
				return errors.New(name + ": " + err.Error())
			}
		}
	}
	return nil
}

// listXattrs returns the names of path's extended attributes.
func listXattrs(path string) ([]string, error) {
	buf, err := xattrCall(func(b []byte) (int, error) { return syscall.Listxattr(path, b) })
	if err != nil || len(buf) == 0 {
		return nil, err
	}
	var names []string
	for _, n := range bytes.Split(bytes.TrimSuffix(buf, []byte{0}), []byte{0}) {
		names = append(names, string(n))
	}
	return names, nil
}

// getXattr returns the value of path's attribute name.
func getXattr(path, name string) ([]byte, error) {
	return xattrCall(func(b []byte) (int, error) { return syscall.Getxattr(path, name, b) })
}

// xattrCall runs a list or get call: first for the size, then with a
// buffer of that size, again if the attribute grew in between (ERANGE).
func xattrCall(call func([]byte) (int, error)) ([]byte, error) {
	for range 8 {
		n, err := call(nil)
		if err != nil || n == 0 {
			return nil, err
		}
		buf := make([]byte, n)
		n, err = call(buf)
		if errors.Is(err, syscall.ERANGE) {
			continue
		}
		return buf[:n], err
	}
	return nil, syscall.ERANGE
}
