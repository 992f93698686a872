//go:build !unix

package main

// rssLaunchEnv is unused here: TestPeakRSS reads ru_maxrss, which only
// Unix systems report.
const rssLaunchEnv = "HTMLCLEAN_RSS_LAUNCH"

// rssLaunch is never asked for here (see rssLaunchEnv).
func rssLaunch(string, []string) int { return 2 }
