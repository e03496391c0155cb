#!/usr/bin/env python3
"""Checks the SVG chart that `sqlite-bench --chart PATH` wrote, against the JSON report of the
same run (`--json PATH`).

It fails (exit 1) unless
- the chart parses as XML and its root element is an SVG `<svg>` with a width, a height and a
  viewBox;
- its text names every tier and every workload of the report (each bar's tooltip names its
  tier and workload; workloads without a bar are listed in the chart's note);
- it names the SQLite version of the report, and a date and the machine's core count.

Usage: scripts/check-bench-chart.py CHART.svg REPORT.json
"""

import json
import re
import sys
import xml.etree.ElementTree as ElementTree

SVG = "{http://www.w3.org/2000/svg}"


def main(arguments):
    if len(arguments) != 2 or arguments[0] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    chart_path, report_path = arguments
    try:
        root = ElementTree.parse(chart_path).getroot()
    except (OSError, ElementTree.ParseError) as error:
        print(f"check-bench-chart: {chart_path} is not valid XML: {error}", file=sys.stderr)
        return 1
    try:
        with open(report_path, encoding="utf-8") as file:
            report = json.load(file)
    except (OSError, ValueError) as error:
        print(f"check-bench-chart: cannot read the report {report_path}: {error}", file=sys.stderr)
        return 2

    problems = []
    if root.tag != SVG + "svg":
        problems.append(f"the root element is {root.tag}, not an SVG <svg>")
    for attribute in ("width", "height", "viewBox"):
        if not root.get(attribute):
            problems.append(f"the <svg> element has no {attribute}")

    # Every piece of text the chart shows or gives as a tooltip, one string per element.
    texts = [
        "".join(element.itertext())
        for element in root.iter()
        if element.tag in (SVG + "text", SVG + "title", SVG + "tspan")
    ]
    everything = "\n".join(texts)

    def named(name):
        return re.search(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", everything) is not None

    rows = report.get("rows", [])
    tiers = sorted({row["tier"] for row in rows})
    workloads = sorted({row["workload"] for row in rows})
    if not rows:
        problems.append("the report has no measurements")
    for tier in tiers:
        if not named(tier):
            problems.append(f"the tier {tier} is not named in the chart")
    for workload in workloads:
        if not named(workload):
            problems.append(f"the workload {workload} is not named in the chart")
    version = report.get("sqlite_version", "")
    if not version or version not in everything:
        problems.append(f"the SQLite version {version!r} is not in the chart")
    if not re.search(r"\d{4}-\d{2}-\d{2}", everything):
        problems.append("the chart shows no date")
    if not re.search(r"\d+ cores?", everything):
        problems.append("the chart does not show the machine's cores")

    if problems:
        for problem in problems:
            print(f"check-bench-chart: {chart_path}: {problem}", file=sys.stderr)
        return 1
    print(
        f"ok: {chart_path} is valid SVG naming all {len(tiers)} tiers ({', '.join(tiers)}) "
        f"and all {len(workloads)} workloads, SQLite {version}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
