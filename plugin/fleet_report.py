"""A fleet report on the controller: several boxes' JSON reports in, one HTML / Markdown / CSV / JSON report out.

    python3 plugin/fleet_report.py REPORT.json [REPORT.json ...] --format html|markdown|csv|json -o OUT [--title TEXT]

Each REPORT.json is what a box's ``tuning.report.generate`` returned with format JSON (the panel's "JSON" export, or
the Ansible collection's report module). A box is named by its file's name without ``.json`` (``nas1.json`` →
"nas1"). The report is drawn by the project's own report code (``tuning.core.report.fleet``); this script only reads
the files (each at most ``MAX_FILE_BYTES``) and writes the output. It runs from a checkout as it is (it puts
``../middleware`` on ``sys.path`` itself) or with ``PYTHONPATH=middleware:plugin``; standard library only.

Exit status 0 on success, 2 on bad arguments or input (the message names the file and the field), 1 when the output
cannot be written.
"""
import argparse
import json
import os
import sys
from datetime import datetime, timezone

MAX_FILE_BYTES = 32 * 1024 * 1024   # a box's JSON report with its job files is a few hundred KiB
FORMATS = ('html', 'markdown', 'csv', 'json')


def _import_core():
    try:
        from tuning.core.report.fleet import ReportInputError, fleet_report, render_fleet
    except ImportError:
        here = os.path.dirname(os.path.abspath(__file__))
        sys.path.insert(0, os.path.join(os.path.dirname(here), 'middleware'))
        from tuning.core.report.fleet import ReportInputError, fleet_report, render_fleet
    return ReportInputError, fleet_report, render_fleet


class InputError(Exception):
    pass


def read_report(path):
    try:
        size = os.path.getsize(path)
        if size > MAX_FILE_BYTES:
            raise InputError(f'{path}: {size:,} bytes; a report is at most {MAX_FILE_BYTES:,}')
        with open(path, 'rb') as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise InputError(f'{path}: cannot be read: {e.strerror or e}') from None
    if len(data) > MAX_FILE_BYTES:
        raise InputError(f'{path}: larger than {MAX_FILE_BYTES:,} bytes')
    try:
        return json.loads(data.decode('utf-8'))
    except (UnicodeDecodeError, ValueError) as e:
        raise InputError(f'{path}: not a JSON report: {e}') from None
    except RecursionError:   # nested deeper than the parser goes: no report is
        raise InputError(f'{path}: not a JSON report: nested too deeply') from None


def box_name(path):
    name = os.path.basename(path)
    return name[:-5] if name.lower().endswith('.json') else name


def parse_args(argv):
    parser = argparse.ArgumentParser(prog='fleet_report.py', description='Compare several boxes on the same tests '
                                     'from their own JSON reports (tuning.report.generate, format JSON).')
    parser.add_argument('reports', nargs='+', metavar='REPORT.json', help="a box's JSON report; the file's name "
                        'without .json names the box')
    parser.add_argument('--format', required=True, choices=FORMATS, type=str.lower)
    parser.add_argument('-o', '--output', required=True, metavar='OUT', help='the file to write ("-": standard output)')
    parser.add_argument('--title', help='the report\'s title (default "Fleet report: N boxes")')
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    ReportInputError, fleet_report, render_fleet = _import_core()
    try:
        reports = [read_report(p) for p in args.reports]
        generated_at = datetime.now(timezone.utc).isoformat(timespec='seconds')
        model = fleet_report(reports, names=[box_name(p) for p in args.reports], title=args.title,
                             generated_at=generated_at)
        text = render_fleet(model, args.format)
    except InputError as e:
        print(f'fleet_report: {e}', file=sys.stderr)
        return 2
    except ReportInputError as e:
        # reports[1].metrics[3].median → the second file, by name
        where = e.field
        if where.startswith('reports['):
            index = int(where[len('reports['):where.index(']')])
            where = f'{args.reports[index]}: {where}'
        print(f'fleet_report: {where}: {e.message}', file=sys.stderr)
        return 2
    try:
        if args.output == '-':
            sys.stdout.write(text)
        else:
            tmp = f'{args.output}.tmp'
            with open(tmp, 'w', encoding='utf-8', newline='') as f:
                f.write(text)
            os.replace(tmp, args.output)
    except OSError as e:
        print(f'fleet_report: cannot write {args.output}: {e.strerror or e}', file=sys.stderr)
        return 1
    print(f'fleet_report: {len(model["boxes"])} boxes, {len(model["tests"])} tests compared → {args.output}',
          file=sys.stderr)
    return 0


if __name__ == '__main__':
    sys.exit(main())
