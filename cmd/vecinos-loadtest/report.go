package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"
)

// report writes one row per case; memory columns show each instance, joined by "+".
func report(w io.Writer, results []*result) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "engine\tinst\tstreams\topen\tpost max\tp50\tp99\tmax\tdelivered\tended\tRSS idle MB\tRSS streams MB\tRSS after MB\tpeak MB\tsend\tCPU servers\tCPU client\tload avg")
	for _, r := range results {
		fmt.Fprintf(tw, "%s\t%d\t%d\t", r.engine, r.instances, r.streams)
		if r.err != nil {
			fmt.Fprintln(tw, "failed (see below)")
			continue
		}
		fmt.Fprintf(tw, "%.1fs\t%s\t%s\t%s\t%s\t%d/%d\t%d\t%s\t%s\t%s\t%s\t%.2fs\t%.2fs\t%.2fs\t%s\n",
			r.openTook.Seconds(), ms(r.postMax), ms(r.percentile(0.50)), ms(r.percentile(0.99)), ms(r.percentile(1)),
			len(r.latencies), r.expected, r.ended,
			megabytes(r.idle, false), megabytes(r.open, false), megabytes(r.after, false), megabytes(r.after, true),
			r.sendTook.Seconds(), r.cpuServers.Seconds(), r.cpuClient.Seconds(), r.load)
	}
	tw.Flush()
	for _, r := range results {
		if r.err != nil {
			fmt.Fprintf(w, "\n%v: %v\n", r.scenario, r.err)
		}
	}
}

// percentile of the sorted latencies; 1 is the maximum.
func (r *result) percentile(p float64) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	return r.latencies[min(len(r.latencies)-1, int(float64(len(r.latencies))*p))]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

// megabytes is VmRSS, or VmHWM when peak, of each instance.
func megabytes(ms []memory, peak bool) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		kb := m.rss
		if peak {
			kb = m.peak
		}
		parts[i] = fmt.Sprint(kb / 1024)
	}
	return strings.Join(parts, "+")
}
