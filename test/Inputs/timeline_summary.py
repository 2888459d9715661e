"""Summarizes an accel-sim --timeline file (Chrome trace-event JSON).

Usage: timeline_summary.py TIMELINE.json

Loads the file with the json module (so it must be valid JSON) and prints,
for FileCheck:
  tracks: the thread_name metadata, "tid=name" in tid order
  one line per track with complete ("X") events: the track's name, then each
  event as name:dur in time order
  the total duration of the stall events, and whether the events of each
  track are in order without overlap.
"""
import json
import sys

with open(sys.argv[1]) as f:
    data = json.load(f)
events = data["traceEvents"]
names = {}
for e in events:
    if e.get("ph") == "M" and e.get("name") == "thread_name":
        names[e["tid"]] = e["args"]["name"]
print("tracks: " + ", ".join("%d=%s" % (t, names[t]) for t in sorted(names)))
by_track = {}
for e in events:
    if e.get("ph") == "X":
        by_track.setdefault(e["tid"], []).append(e)
ordered = True
for tid in sorted(by_track):
    track = sorted(by_track[tid], key=lambda e: e["ts"])
    print(names.get(tid, "?%d" % tid) + ": " +
          " ".join("%s:%d" % (e["name"], e["dur"]) for e in track))
    for a, b in zip(track, track[1:]):
        if a["ts"] + a["dur"] > b["ts"]:
            ordered = False
stall_tid = [t for t, n in names.items() if n == "Stalls"]
stalls = sum(e["dur"] for e in by_track.get(stall_tid[0], [])) if stall_tid else -1
print("stall cycles: %d" % stalls)
print("no overlaps: %s" % ordered)
