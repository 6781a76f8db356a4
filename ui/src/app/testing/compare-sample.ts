// Written by tests/unit/report/test_chart_data.py (WRITE_SAMPLE=1 rewrites it) from core/report/chart_data.py:
// and chart_layout.py: what tuning.benchmark.compare sends for three results (6, 6 and 2 runs), as if measured on a
// client (the network line laid out). The panel's chart and tile specs draw it.
import { CompareDrawing } from '../api/models/tuning-benchmark';

export const COMPARE_SAMPLE: CompareDrawing = {
  "series": [
    {
      "configuration_id": 1,
      "label": "before",
      "baseline": true,
      "colour": "#858585"
    },
    {
      "configuration_id": 2,
      "label": "after",
      "baseline": false,
      "colour": "#2f80c0"
    },
    {
      "configuration_id": 3,
      "label": "two runs",
      "baseline": false,
      "colour": "#c8690c"
    }
  ],
  "tiles": [
    {
      "key": "SEQ_WRITE:write_bw_bytes",
      "test": "SEQ_WRITE",
      "metric": "write_bw_bytes",
      "title": "Sequential write 1 MiB",
      "unit_word": "MB/s",
      "values": [
        {
          "configuration_id": 1,
          "label": "before",
          "colour": "#858585",
          "baseline": true,
          "median": 400000000.0,
          "number": "400",
          "unit_word": "MB/s",
          "text": "400 MB/s",
          "latency": "latency p50 1.40 ms · p99 3.50 ms",
          "change": null
        },
        {
          "configuration_id": 2,
          "label": "after",
          "colour": "#2f80c0",
          "baseline": false,
          "median": 480000000.0,
          "number": "480",
          "unit_word": "MB/s",
          "text": "480 MB/s",
          "latency": "latency p50 1.40 ms · p99 3.50 ms",
          "change": {
            "ratio": 1.2,
            "verdict": "BETTER",
            "words": "+20.0 % · better"
          }
        },
        {
          "configuration_id": 3,
          "label": "two runs",
          "colour": "#c8690c",
          "baseline": false,
          "median": 480000000.0,
          "number": "480",
          "unit_word": "MB/s",
          "text": "480 MB/s",
          "latency": "latency p50 1.40 ms · p99 3.50 ms",
          "change": {
            "ratio": 1.2,
            "verdict": "INSUFFICIENT_RUNS",
            "words": "too few runs for a verdict (need 5 per side)"
          }
        }
      ]
    },
    {
      "key": "RAND_READ_4K:read_iops",
      "test": "RAND_READ_4K",
      "metric": "read_iops",
      "title": "Random read 4 KiB",
      "unit_word": "IOPS",
      "values": [
        {
          "configuration_id": 1,
          "label": "before",
          "colour": "#858585",
          "baseline": true,
          "median": 12002.5,
          "number": "12,002",
          "unit_word": "IOPS",
          "text": "12,002 IOPS",
          "latency": "latency p50 80.0 µs · p99 400 µs",
          "change": null
        },
        {
          "configuration_id": 2,
          "label": "after",
          "colour": "#2f80c0",
          "baseline": false,
          "median": 302.5,
          "number": "302",
          "unit_word": "IOPS",
          "text": "302 IOPS",
          "latency": "latency p50 80.0 µs · p99 400 µs",
          "change": {
            "ratio": 0.02520308269110602,
            "verdict": "WORSE",
            "words": "−97.5 % · worse"
          }
        },
        {
          "configuration_id": 3,
          "label": "two runs",
          "colour": "#c8690c",
          "baseline": false,
          "median": 300.5,
          "number": "300",
          "unit_word": "IOPS",
          "text": "300 IOPS",
          "latency": "latency p50 80.0 µs · p99 400 µs",
          "change": {
            "ratio": 0.025036450739429287,
            "verdict": "INSUFFICIENT_RUNS",
            "words": "too few runs for a verdict (need 5 per side)"
          }
        }
      ]
    },
    {
      "key": "SYNC_WRITE_4K:write_iops",
      "test": "SYNC_WRITE_4K",
      "metric": "write_iops",
      "title": "Sync write 4 KiB",
      "unit_word": "IOPS",
      "values": [
        {
          "configuration_id": 1,
          "label": "before",
          "colour": "#858585",
          "baseline": true,
          "median": 0.0,
          "number": "0",
          "unit_word": "IOPS",
          "text": "0 IOPS",
          "latency": null,
          "change": null
        },
        {
          "configuration_id": 2,
          "label": "after",
          "colour": "#2f80c0",
          "baseline": false,
          "median": 0.0,
          "number": "0",
          "unit_word": "IOPS",
          "text": "0 IOPS",
          "latency": null,
          "change": {
            "ratio": null,
            "verdict": "INCONCLUSIVE",
            "words": "inconclusive"
          }
        },
        {
          "configuration_id": 3,
          "label": "two runs",
          "colour": "#c8690c",
          "baseline": false,
          "median": 0.0,
          "number": "0",
          "unit_word": "IOPS",
          "text": "0 IOPS",
          "latency": null,
          "change": {
            "ratio": null,
            "verdict": "INSUFFICIENT_RUNS",
            "words": "too few runs for a verdict (need 4 per side)"
          }
        }
      ]
    },
    {
      "key": "MIXED_70_30:read_iops",
      "test": "MIXED_70_30",
      "metric": "read_iops",
      "title": "Mixed 70/30 8 KiB · read",
      "unit_word": "IOPS",
      "values": [
        {
          "configuration_id": 1,
          "label": "before",
          "colour": "#858585",
          "baseline": true,
          "median": 7002.5,
          "number": "7,002",
          "unit_word": "IOPS",
          "text": "7,002 IOPS",
          "latency": null,
          "change": null
        },
        {
          "configuration_id": 2,
          "label": "after",
          "colour": "#2f80c0",
          "baseline": false,
          "median": 7002.5,
          "number": "7,002",
          "unit_word": "IOPS",
          "text": "7,002 IOPS",
          "latency": null,
          "change": {
            "ratio": 1.0,
            "verdict": "NO_CHANGE",
            "words": "±0 % · no meaningful change"
          }
        },
        {
          "configuration_id": 3,
          "label": "two runs",
          "colour": "#c8690c",
          "baseline": false,
          "median": 7000.5,
          "number": "7,000",
          "unit_word": "IOPS",
          "text": "7,000 IOPS",
          "latency": null,
          "change": {
            "ratio": 0.9997143877186719,
            "verdict": "INSUFFICIENT_RUNS",
            "words": "too few runs for a verdict (need 5 per side)"
          }
        }
      ]
    },
    {
      "key": "MIXED_70_30:write_iops",
      "test": "MIXED_70_30",
      "metric": "write_iops",
      "title": "Mixed 70/30 8 KiB · write",
      "unit_word": "IOPS",
      "values": [
        {
          "configuration_id": 1,
          "label": "before",
          "colour": "#858585",
          "baseline": true,
          "median": 3002.5,
          "number": "3,002",
          "unit_word": "IOPS",
          "text": "3,002 IOPS",
          "latency": null,
          "change": null
        },
        {
          "configuration_id": 2,
          "label": "after",
          "colour": "#2f80c0",
          "baseline": false,
          "median": 3002.5,
          "number": "3,002",
          "unit_word": "IOPS",
          "text": "3,002 IOPS",
          "latency": null,
          "change": {
            "ratio": 1.0,
            "verdict": "NO_CHANGE",
            "words": "±0 % · no meaningful change"
          }
        },
        {
          "configuration_id": 3,
          "label": "two runs",
          "colour": "#c8690c",
          "baseline": false,
          "median": 3000.5,
          "number": "3,000",
          "unit_word": "IOPS",
          "text": "3,000 IOPS",
          "latency": null,
          "change": {
            "ratio": 0.9993338884263114,
            "verdict": "INSUFFICIENT_RUNS",
            "words": "too few runs for a verdict (need 5 per side)"
          }
        }
      ]
    }
  ],
  "charts": [
    {
      "id": "throughput",
      "title": "Sequential throughput",
      "kind": "BAR",
      "scale": "LINEAR",
      "unit": "B/s",
      "axis_label": "MB/s",
      "axis": {
        "low": 0.0,
        "high": 1500000000.0,
        "ticks": [
          {
            "value": 0.0,
            "label": "0"
          },
          {
            "value": 500000000.0,
            "label": "500"
          },
          {
            "value": 1000000000.0,
            "label": "1,000"
          },
          {
            "value": 1500000000.0,
            "label": "1,500"
          }
        ]
      },
      "groups": [
        {
          "test": "SEQ_WRITE",
          "metric": "write_bw_bytes",
          "label": "Sequential write 1 MiB"
        }
      ],
      "series": [
        {
          "configuration_id": 1,
          "label": "before",
          "colour": "#858585",
          "points": [
            {
              "median": 400000000.0,
              "ci_low": 398000000.0,
              "ci_high": 401999999.99999994,
              "text": "400 MB/s",
              "title": "before · Sequential write 1 MiB: 400 MB/s (95 % interval of the median 398 – 402 MB/s)",
              "plotted": true,
              "whisker": [
                398000000.0,
                401999999.99999994
              ]
            }
          ]
        },
        {
          "configuration_id": 2,
          "label": "after",
          "colour": "#2f80c0",
          "points": [
            {
              "median": 480000000.0,
              "ci_low": 477600000.0,
              "ci_high": 482399999.99999994,
              "text": "480 MB/s",
              "title": "after · Sequential write 1 MiB: 480 MB/s (95 % interval of the median 478 – 482 MB/s)",
              "plotted": true,
              "whisker": [
                477600000.0,
                482399999.99999994
              ]
            }
          ]
        },
        {
          "configuration_id": 3,
          "label": "two runs",
          "colour": "#c8690c",
          "points": [
            {
              "median": 480000000.0,
              "ci_low": null,
              "ci_high": null,
              "text": "480 MB/s",
              "title": "two runs · Sequential write 1 MiB: 480 MB/s (no interval from 2 runs)",
              "plotted": true,
              "whisker": null
            }
          ]
        }
      ],
      "reference": {
        "value": 1250000000.0,
        "label": "theoretical maximum (eno1 link at 10000 Mb/s)",
        "text": "1,250 MB/s"
      },
      "description": "Sequential throughput (MB/s). Sequential write 1 MiB: before 400 MB/s, after 480 MB/s, two runs 480 MB/s; theoretical maximum (eno1 link at 10000 Mb/s) 1,250 MB/s."
    },
    {
      "id": "iops",
      "title": "Random and sync I/O",
      "kind": "DOT",
      "scale": "LOG",
      "unit": "IO/s",
      "axis_label": "IOPS, logarithmic axis",
      "axis": {
        "low": 100.0,
        "high": 100000.0,
        "ticks": [
          {
            "value": 100.0,
            "label": "100"
          },
          {
            "value": 1000.0,
            "label": "1k"
          },
          {
            "value": 10000.0,
            "label": "10k"
          },
          {
            "value": 100000.0,
            "label": "100k"
          }
        ]
      },
      "groups": [
        {
          "test": "RAND_READ_4K",
          "metric": "read_iops",
          "label": "Random read 4 KiB"
        },
        {
          "test": "SYNC_WRITE_4K",
          "metric": "write_iops",
          "label": "Sync write 4 KiB"
        },
        {
          "test": "MIXED_70_30",
          "metric": "read_iops",
          "label": "Mixed 70/30 8 KiB · read"
        },
        {
          "test": "MIXED_70_30",
          "metric": "write_iops",
          "label": "Mixed 70/30 8 KiB · write"
        }
      ],
      "series": [
        {
          "configuration_id": 1,
          "label": "before",
          "colour": "#858585",
          "points": [
            {
              "median": 12002.5,
              "ci_low": 12000,
              "ci_high": 12005,
              "text": "12,002 IOPS",
              "title": "before · Random read 4 KiB: 12,002 IOPS (95 % interval of the median 12,000 – 12,005 IOPS)",
              "plotted": true,
              "whisker": [
                12000,
                12005
              ]
            },
            {
              "median": 0.0,
              "ci_low": 0,
              "ci_high": 0,
              "text": "0 IOPS",
              "title": "before · Sync write 4 KiB: 0 IOPS (95 % interval of the median 0 – 0 IOPS)",
              "plotted": false,
              "whisker": null
            },
            {
              "median": 7002.5,
              "ci_low": 7000.0,
              "ci_high": 7005.0,
              "text": "7,002 IOPS",
              "title": "before · Mixed 70/30 8 KiB · read: 7,002 IOPS (95 % interval of the median 7,000 – 7,005 IOPS)",
              "plotted": true,
              "whisker": [
                7000.0,
                7005.0
              ]
            },
            {
              "median": 3002.5,
              "ci_low": 3000.0,
              "ci_high": 3005.0,
              "text": "3,002 IOPS",
              "title": "before · Mixed 70/30 8 KiB · write: 3,002 IOPS (95 % interval of the median 3,000 – 3,005 IOPS)",
              "plotted": true,
              "whisker": [
                3000.0,
                3005.0
              ]
            }
          ]
        },
        {
          "configuration_id": 2,
          "label": "after",
          "colour": "#2f80c0",
          "points": [
            {
              "median": 302.5,
              "ci_low": 300,
              "ci_high": 305,
              "text": "302 IOPS",
              "title": "after · Random read 4 KiB: 302 IOPS (95 % interval of the median 300 – 305 IOPS)",
              "plotted": true,
              "whisker": [
                300,
                305
              ]
            },
            {
              "median": 0.0,
              "ci_low": 0,
              "ci_high": 0,
              "text": "0 IOPS",
              "title": "after · Sync write 4 KiB: 0 IOPS (95 % interval of the median 0 – 0 IOPS)",
              "plotted": false,
              "whisker": null
            },
            {
              "median": 7002.5,
              "ci_low": 7000.0,
              "ci_high": 7005.0,
              "text": "7,002 IOPS",
              "title": "after · Mixed 70/30 8 KiB · read: 7,002 IOPS (95 % interval of the median 7,000 – 7,005 IOPS)",
              "plotted": true,
              "whisker": [
                7000.0,
                7005.0
              ]
            },
            {
              "median": 3002.5,
              "ci_low": 3000.0,
              "ci_high": 3005.0,
              "text": "3,002 IOPS",
              "title": "after · Mixed 70/30 8 KiB · write: 3,002 IOPS (95 % interval of the median 3,000 – 3,005 IOPS)",
              "plotted": true,
              "whisker": [
                3000.0,
                3005.0
              ]
            }
          ]
        },
        {
          "configuration_id": 3,
          "label": "two runs",
          "colour": "#c8690c",
          "points": [
            {
              "median": 300.5,
              "ci_low": null,
              "ci_high": null,
              "text": "300 IOPS",
              "title": "two runs · Random read 4 KiB: 300 IOPS (no interval from 2 runs)",
              "plotted": true,
              "whisker": null
            },
            {
              "median": 0.0,
              "ci_low": null,
              "ci_high": null,
              "text": "0 IOPS",
              "title": "two runs · Sync write 4 KiB: 0 IOPS (no interval from 2 runs)",
              "plotted": false,
              "whisker": null
            },
            {
              "median": 7000.5,
              "ci_low": null,
              "ci_high": null,
              "text": "7,000 IOPS",
              "title": "two runs · Mixed 70/30 8 KiB · read: 7,000 IOPS (no interval from 2 runs)",
              "plotted": true,
              "whisker": null
            },
            {
              "median": 3000.5,
              "ci_low": null,
              "ci_high": null,
              "text": "3,000 IOPS",
              "title": "two runs · Mixed 70/30 8 KiB · write: 3,000 IOPS (no interval from 2 runs)",
              "plotted": true,
              "whisker": null
            }
          ]
        }
      ],
      "reference": null,
      "description": "Random and sync I/O (IOPS, logarithmic axis). Random read 4 KiB: before 12,002 IOPS, after 302 IOPS, two runs 300 IOPS; Sync write 4 KiB: before 0 IOPS, after 0 IOPS, two runs 0 IOPS; Mixed 70/30 8 KiB · read: before 7,002 IOPS, after 7,002 IOPS, two runs 7,000 IOPS; Mixed 70/30 8 KiB · write: before 3,002 IOPS, after 3,002 IOPS, two runs 3,000 IOPS."
    },
    {
      "id": "latency_SEQ_WRITE_write",
      "title": "Sequential write 1 MiB: write latency",
      "kind": "DOT",
      "scale": "LOG",
      "unit": "ns",
      "axis_label": "latency, logarithmic axis",
      "axis": {
        "low": 1000000.0,
        "high": 10000000.0,
        "ticks": [
          {
            "value": 1000000.0,
            "label": "1 ms"
          },
          {
            "value": 2000000.0,
            "label": "2 ms"
          },
          {
            "value": 5000000.0,
            "label": "5 ms"
          },
          {
            "value": 10000000.0,
            "label": "10 ms"
          }
        ]
      },
      "groups": [
        {
          "test": "SEQ_WRITE",
          "metric": "write_lat_p50_ns",
          "label": "p50 (median)"
        },
        {
          "test": "SEQ_WRITE",
          "metric": "write_lat_p99_ns",
          "label": "p99"
        }
      ],
      "series": [
        {
          "configuration_id": 1,
          "label": "before",
          "colour": "#858585",
          "points": [
            {
              "median": 1400000.0,
              "ci_low": 1400000.0,
              "ci_high": 1400000.0,
              "text": "1.40 ms",
              "title": "before · p50 (median): 1.40 ms (95 % interval of the median 1.40 – 1.40 ms)",
              "plotted": true,
              "whisker": [
                1400000.0,
                1400000.0
              ]
            },
            {
              "median": 3500002.5,
              "ci_low": 3500000.0,
              "ci_high": 3500005.0,
              "text": "3.50 ms",
              "title": "before · p99: 3.50 ms (95 % interval of the median 3.50 – 3.50 ms)",
              "plotted": true,
              "whisker": [
                3500000.0,
                3500005.0
              ]
            }
          ]
        },
        {
          "configuration_id": 2,
          "label": "after",
          "colour": "#2f80c0",
          "points": [
            {
              "median": 1400000.0,
              "ci_low": 1400000.0,
              "ci_high": 1400000.0,
              "text": "1.40 ms",
              "title": "after · p50 (median): 1.40 ms (95 % interval of the median 1.40 – 1.40 ms)",
              "plotted": true,
              "whisker": [
                1400000.0,
                1400000.0
              ]
            },
            {
              "median": 3500002.5,
              "ci_low": 3500000.0,
              "ci_high": 3500005.0,
              "text": "3.50 ms",
              "title": "after · p99: 3.50 ms (95 % interval of the median 3.50 – 3.50 ms)",
              "plotted": true,
              "whisker": [
                3500000.0,
                3500005.0
              ]
            }
          ]
        },
        {
          "configuration_id": 3,
          "label": "two runs",
          "colour": "#c8690c",
          "points": [
            {
              "median": 1400000.0,
              "ci_low": null,
              "ci_high": null,
              "text": "1.40 ms",
              "title": "two runs · p50 (median): 1.40 ms (no interval from 2 runs)",
              "plotted": true,
              "whisker": null
            },
            {
              "median": 3500000.5,
              "ci_low": null,
              "ci_high": null,
              "text": "3.50 ms",
              "title": "two runs · p99: 3.50 ms (no interval from 2 runs)",
              "plotted": true,
              "whisker": null
            }
          ]
        }
      ],
      "reference": null,
      "description": "Sequential write 1 MiB: write latency (latency, logarithmic axis). p50 (median): before 1.40 ms, after 1.40 ms, two runs 1.40 ms; p99: before 3.50 ms, after 3.50 ms, two runs 3.50 ms."
    },
    {
      "id": "latency_RAND_READ_4K_read",
      "title": "Random read 4 KiB: read latency",
      "kind": "DOT",
      "scale": "LOG",
      "unit": "ns",
      "axis_label": "latency, logarithmic axis",
      "axis": {
        "low": 10000.0,
        "high": 1000000.0,
        "ticks": [
          {
            "value": 10000.0,
            "label": "10 µs"
          },
          {
            "value": 20000.0,
            "label": "20 µs"
          },
          {
            "value": 50000.0,
            "label": "50 µs"
          },
          {
            "value": 100000.0,
            "label": "100 µs"
          },
          {
            "value": 200000.0,
            "label": "200 µs"
          },
          {
            "value": 500000.0,
            "label": "500 µs"
          },
          {
            "value": 1000000.0,
            "label": "1 ms"
          }
        ]
      },
      "groups": [
        {
          "test": "RAND_READ_4K",
          "metric": "read_lat_p50_ns",
          "label": "p50 (median)"
        },
        {
          "test": "RAND_READ_4K",
          "metric": "read_lat_p99_ns",
          "label": "p99"
        }
      ],
      "series": [
        {
          "configuration_id": 1,
          "label": "before",
          "colour": "#858585",
          "points": [
            {
              "median": 80002.5,
              "ci_low": 80000.0,
              "ci_high": 80005.0,
              "text": "80.0 µs",
              "title": "before · p50 (median): 80.0 µs (95 % interval of the median 80.0 – 80.0 µs)",
              "plotted": true,
              "whisker": [
                80000.0,
                80005.0
              ]
            },
            {
              "median": 400002.5,
              "ci_low": 400000.0,
              "ci_high": 400005.0,
              "text": "400 µs",
              "title": "before · p99: 400 µs (95 % interval of the median 400 – 400 µs)",
              "plotted": true,
              "whisker": [
                400000.0,
                400005.0
              ]
            }
          ]
        },
        {
          "configuration_id": 2,
          "label": "after",
          "colour": "#2f80c0",
          "points": [
            {
              "median": 80002.5,
              "ci_low": 80000.0,
              "ci_high": 80005.0,
              "text": "80.0 µs",
              "title": "after · p50 (median): 80.0 µs (95 % interval of the median 80.0 – 80.0 µs)",
              "plotted": true,
              "whisker": [
                80000.0,
                80005.0
              ]
            },
            {
              "median": 400002.5,
              "ci_low": 400000.0,
              "ci_high": 400005.0,
              "text": "400 µs",
              "title": "after · p99: 400 µs (95 % interval of the median 400 – 400 µs)",
              "plotted": true,
              "whisker": [
                400000.0,
                400005.0
              ]
            }
          ]
        },
        {
          "configuration_id": 3,
          "label": "two runs",
          "colour": "#c8690c",
          "points": [
            {
              "median": 80000.5,
              "ci_low": null,
              "ci_high": null,
              "text": "80.0 µs",
              "title": "two runs · p50 (median): 80.0 µs (no interval from 2 runs)",
              "plotted": true,
              "whisker": null
            },
            {
              "median": 400000.5,
              "ci_low": null,
              "ci_high": null,
              "text": "400 µs",
              "title": "two runs · p99: 400 µs (no interval from 2 runs)",
              "plotted": true,
              "whisker": null
            }
          ]
        }
      ],
      "reference": null,
      "description": "Random read 4 KiB: read latency (latency, logarithmic axis). p50 (median): before 80.0 µs, after 80.0 µs, two runs 80.0 µs; p99: before 400 µs, after 400 µs, two runs 400 µs."
    }
  ],
  "chart_layouts": {
    "throughput": [
      {"width": 300, "height": 160, "x0": 69, "x1": 192, "plot_top": 28, "plot_bottom": 116, "ticks": [{"x": 69.0, "label": "0"}, {"x": 110.0, "label": "500"}, {"x": 151.0, "label": "1,000"}, {"x": 192.0, "label": "1,500"}], "tick_y": 132, "axis_label": "MB/s", "axis_label_x": 130.5, "axis_label_y": 152, "line_height": 14, "groups": [{"label": "Sequential write 1 MiB", "y": 43, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": 101.8, "dot_x": null, "whisker": {"x1": 101.64, "x2": 101.96}, "value_x": 105.96, "value": "400 MB/s"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": 108.36, "dot_x": null, "whisker": {"x1": 108.16, "x2": 108.56}, "value_x": 112.56, "value": "480 MB/s"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 104.0, "y": 100.0, "bar_to": 108.36, "dot_x": null, "whisker": null, "value_x": 112.36, "value": "480 MB/s"}]}], "reference": {"x": 171.5, "y1": 24, "y2": 116, "label_y": 20, "anchor": "end", "label": "1,250 MB/s: theoretical…"}, "bar": true},
      {"width": 345, "height": 160, "x0": 69, "x1": 237, "plot_top": 28, "plot_bottom": 116, "ticks": [{"x": 69.0, "label": "0"}, {"x": 125.0, "label": "500"}, {"x": 181.0, "label": "1,000"}, {"x": 237.0, "label": "1,500"}], "tick_y": 132, "axis_label": "MB/s", "axis_label_x": 153.0, "axis_label_y": 152, "line_height": 14, "groups": [{"label": "Sequential write 1 MiB", "y": 43, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": 113.8, "dot_x": null, "whisker": {"x1": 113.58, "x2": 114.02}, "value_x": 118.02, "value": "400 MB/s"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": 122.76, "dot_x": null, "whisker": {"x1": 122.49, "x2": 123.03}, "value_x": 127.03, "value": "480 MB/s"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 104.0, "y": 100.0, "bar_to": 122.76, "dot_x": null, "whisker": null, "value_x": 126.76, "value": "480 MB/s"}]}], "reference": {"x": 209.0, "y1": 24, "y2": 116, "label_y": 20, "anchor": "end", "label": "1,250 MB/s: theoretical maxi…"}, "bar": true},
      {"width": 400, "height": 160, "x0": 69, "x1": 292, "plot_top": 28, "plot_bottom": 116, "ticks": [{"x": 69.0, "label": "0"}, {"x": 143.33, "label": "500"}, {"x": 217.67, "label": "1,000"}, {"x": 292.0, "label": "1,500"}], "tick_y": 132, "axis_label": "MB/s", "axis_label_x": 180.5, "axis_label_y": 152, "line_height": 14, "groups": [{"label": "Sequential write 1 MiB", "y": 43, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": 128.47, "dot_x": null, "whisker": {"x1": 128.17, "x2": 128.76}, "value_x": 132.76, "value": "400 MB/s"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": 140.36, "dot_x": null, "whisker": {"x1": 140.0, "x2": 140.72}, "value_x": 144.72, "value": "480 MB/s"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 104.0, "y": 100.0, "bar_to": 140.36, "dot_x": null, "whisker": null, "value_x": 144.36, "value": "480 MB/s"}]}], "reference": {"x": 254.83, "y1": 24, "y2": 116, "label_y": 20, "anchor": "end", "label": "1,250 MB/s: theoretical maximum (en…"}, "bar": true},
      {"width": 460, "height": 160, "x0": 69, "x1": 352, "plot_top": 28, "plot_bottom": 116, "ticks": [{"x": 69.0, "label": "0"}, {"x": 163.33, "label": "500"}, {"x": 257.67, "label": "1,000"}, {"x": 352.0, "label": "1,500"}], "tick_y": 132, "axis_label": "MB/s", "axis_label_x": 210.5, "axis_label_y": 152, "line_height": 14, "groups": [{"label": "Sequential write 1 MiB", "y": 43, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": 144.47, "dot_x": null, "whisker": {"x1": 144.09, "x2": 144.84}, "value_x": 148.84, "value": "400 MB/s"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": 159.56, "dot_x": null, "whisker": {"x1": 159.11, "x2": 160.01}, "value_x": 164.01, "value": "480 MB/s"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 104.0, "y": 100.0, "bar_to": 159.56, "dot_x": null, "whisker": null, "value_x": 163.56, "value": "480 MB/s"}]}], "reference": {"x": 304.83, "y1": 24, "y2": 116, "label_y": 20, "anchor": "end", "label": "1,250 MB/s: theoretical maximum (eno1 link…"}, "bar": true},
      {"width": 530, "height": 160, "x0": 69, "x1": 422, "plot_top": 28, "plot_bottom": 116, "ticks": [{"x": 69.0, "label": "0"}, {"x": 186.67, "label": "500"}, {"x": 304.33, "label": "1,000"}, {"x": 422.0, "label": "1,500"}], "tick_y": 132, "axis_label": "MB/s", "axis_label_x": 245.5, "axis_label_y": 152, "line_height": 14, "groups": [{"label": "Sequential write 1 MiB", "y": 43, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": 163.13, "dot_x": null, "whisker": {"x1": 162.66, "x2": 163.6}, "value_x": 167.6, "value": "400 MB/s"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": 181.96, "dot_x": null, "whisker": {"x1": 181.4, "x2": 182.52}, "value_x": 186.52, "value": "480 MB/s"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 104.0, "y": 100.0, "bar_to": 181.96, "dot_x": null, "whisker": null, "value_x": 185.96, "value": "480 MB/s"}]}], "reference": {"x": 363.17, "y1": 24, "y2": 116, "label_y": 20, "anchor": "end", "label": "1,250 MB/s: theoretical maximum (eno1 link at 10000…"}, "bar": true},
      {"width": 610, "height": 160, "x0": 69, "x1": 502, "plot_top": 28, "plot_bottom": 116, "ticks": [{"x": 69.0, "label": "0"}, {"x": 213.33, "label": "500"}, {"x": 357.67, "label": "1,000"}, {"x": 502.0, "label": "1,500"}], "tick_y": 132, "axis_label": "MB/s", "axis_label_x": 285.5, "axis_label_y": 152, "line_height": 14, "groups": [{"label": "Sequential write 1 MiB", "y": 43, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": 184.47, "dot_x": null, "whisker": {"x1": 183.89, "x2": 185.04}, "value_x": 189.04, "value": "400 MB/s"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": 207.56, "dot_x": null, "whisker": {"x1": 206.87, "x2": 208.25}, "value_x": 212.25, "value": "480 MB/s"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 104.0, "y": 100.0, "bar_to": 207.56, "dot_x": null, "whisker": null, "value_x": 211.56, "value": "480 MB/s"}]}], "reference": {"x": 429.83, "y1": 24, "y2": 116, "label_y": 20, "anchor": "end", "label": "1,250 MB/s: theoretical maximum (eno1 link at 10000 Mb/s)"}, "bar": true},
      {"width": 700, "height": 160, "x0": 69, "x1": 592, "plot_top": 28, "plot_bottom": 116, "ticks": [{"x": 69.0, "label": "0"}, {"x": 243.33, "label": "500"}, {"x": 417.67, "label": "1,000"}, {"x": 592.0, "label": "1,500"}], "tick_y": 132, "axis_label": "MB/s", "axis_label_x": 330.5, "axis_label_y": 152, "line_height": 14, "groups": [{"label": "Sequential write 1 MiB", "y": 43, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": 208.47, "dot_x": null, "whisker": {"x1": 207.77, "x2": 209.16}, "value_x": 213.16, "value": "400 MB/s"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": 236.36, "dot_x": null, "whisker": {"x1": 235.52, "x2": 237.2}, "value_x": 241.2, "value": "480 MB/s"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 104.0, "y": 100.0, "bar_to": 236.36, "dot_x": null, "whisker": null, "value_x": 240.36, "value": "480 MB/s"}]}], "reference": {"x": 504.83, "y1": 24, "y2": 116, "label_y": 20, "anchor": "end", "label": "1,250 MB/s: theoretical maximum (eno1 link at 10000 Mb/s)"}, "bar": true},
      {"width": 800, "height": 160, "x0": 69, "x1": 692, "plot_top": 28, "plot_bottom": 116, "ticks": [{"x": 69.0, "label": "0"}, {"x": 276.67, "label": "500"}, {"x": 484.33, "label": "1,000"}, {"x": 692.0, "label": "1,500"}], "tick_y": 132, "axis_label": "MB/s", "axis_label_x": 380.5, "axis_label_y": 152, "line_height": 14, "groups": [{"label": "Sequential write 1 MiB", "y": 43, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": 235.13, "dot_x": null, "whisker": {"x1": 234.3, "x2": 235.96}, "value_x": 239.96, "value": "400 MB/s"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": 268.36, "dot_x": null, "whisker": {"x1": 267.36, "x2": 269.36}, "value_x": 273.36, "value": "480 MB/s"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 104.0, "y": 100.0, "bar_to": 268.36, "dot_x": null, "whisker": null, "value_x": 272.36, "value": "480 MB/s"}]}], "reference": {"x": 588.17, "y1": 24, "y2": 116, "label_y": 20, "anchor": "end", "label": "1,250 MB/s: theoretical maximum (eno1 link at 10000 Mb/s)"}, "bar": true},
      {"width": 900, "height": 160, "x0": 69, "x1": 792, "plot_top": 28, "plot_bottom": 116, "ticks": [{"x": 69.0, "label": "0"}, {"x": 310.0, "label": "500"}, {"x": 551.0, "label": "1,000"}, {"x": 792.0, "label": "1,500"}], "tick_y": 132, "axis_label": "MB/s", "axis_label_x": 430.5, "axis_label_y": 152, "line_height": 14, "groups": [{"label": "Sequential write 1 MiB", "y": 43, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": 261.8, "dot_x": null, "whisker": {"x1": 260.84, "x2": 262.76}, "value_x": 266.76, "value": "400 MB/s"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": 300.36, "dot_x": null, "whisker": {"x1": 299.2, "x2": 301.52}, "value_x": 305.52, "value": "480 MB/s"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 104.0, "y": 100.0, "bar_to": 300.36, "dot_x": null, "whisker": null, "value_x": 304.36, "value": "480 MB/s"}]}], "reference": {"x": 671.5, "y1": 24, "y2": 116, "label_y": 20, "anchor": "end", "label": "1,250 MB/s: theoretical maximum (eno1 link at 10000 Mb/s)"}, "bar": true}
    ],
    "iops": [
      {"width": 300, "height": 404, "x0": 69, "x1": 192, "plot_top": 8, "plot_bottom": 360, "ticks": [{"x": 69.0, "label": "100"}, {"x": 110.0, "label": "1k"}, {"x": 151.0, "label": "10k"}, {"x": 192.0, "label": "100k"}], "tick_y": 376, "axis_label": "IOPS, logarithmic axis", "axis_label_x": 130.5, "axis_label_y": 396, "line_height": 14, "groups": [{"label": "Random read 4 KiB", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 154.25, "whisker": {"x1": 154.25, "x2": 154.25}, "value_x": 164.25, "value": "12,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 88.71, "whisker": {"x1": 88.56, "x2": 88.86}, "value_x": 98.71, "value": "302 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 88.59, "whisker": null, "value_x": 98.59, "value": "300 IOPS"}]}, {"label": "Sync write 4 KiB", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}]}, {"label": "Mixed 70/30 8 KiB · read", "y": 199, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 220.0, "y": 216.0, "bar_to": null, "dot_x": 144.66, "whisker": {"x1": 144.65, "x2": 144.66}, "value_x": 154.66, "value": "7,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 240.0, "y": 236.0, "bar_to": null, "dot_x": 144.66, "whisker": {"x1": 144.65, "x2": 144.66}, "value_x": 154.66, "value": "7,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 260.0, "y": 256.0, "bar_to": null, "dot_x": 144.65, "whisker": null, "value_x": 154.65, "value": "7,000 IOPS"}]}, {"label": "Mixed 70/30 8 KiB · write", "y": 287, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 308.0, "y": 304.0, "bar_to": null, "dot_x": 129.58, "whisker": {"x1": 129.56, "x2": 129.59}, "value_x": 139.58, "value": "3,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 328.0, "y": 324.0, "bar_to": null, "dot_x": 129.58, "whisker": {"x1": 129.56, "x2": 129.59}, "value_x": 139.58, "value": "3,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 348.0, "y": 344.0, "bar_to": null, "dot_x": 129.56, "whisker": null, "value_x": 139.56, "value": "3,000 IOPS"}]}], "reference": null, "bar": false},
      {"width": 345, "height": 404, "x0": 69, "x1": 237, "plot_top": 8, "plot_bottom": 360, "ticks": [{"x": 69.0, "label": "100"}, {"x": 125.0, "label": "1k"}, {"x": 181.0, "label": "10k"}, {"x": 237.0, "label": "100k"}], "tick_y": 376, "axis_label": "IOPS, logarithmic axis", "axis_label_x": 153.0, "axis_label_y": 396, "line_height": 14, "groups": [{"label": "Random read 4 KiB", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 185.44, "whisker": {"x1": 185.43, "x2": 185.44}, "value_x": 195.44, "value": "12,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 95.92, "whisker": {"x1": 95.72, "x2": 96.12}, "value_x": 105.92, "value": "302 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 95.76, "whisker": null, "value_x": 105.76, "value": "300 IOPS"}]}, {"label": "Sync write 4 KiB", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}]}, {"label": "Mixed 70/30 8 KiB · read", "y": 199, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 220.0, "y": 216.0, "bar_to": null, "dot_x": 172.33, "whisker": {"x1": 172.33, "x2": 172.34}, "value_x": 182.33, "value": "7,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 240.0, "y": 236.0, "bar_to": null, "dot_x": 172.33, "whisker": {"x1": 172.33, "x2": 172.34}, "value_x": 182.33, "value": "7,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 260.0, "y": 256.0, "bar_to": null, "dot_x": 172.33, "whisker": null, "value_x": 182.33, "value": "7,000 IOPS"}]}, {"label": "Mixed 70/30 8 KiB · write", "y": 287, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 308.0, "y": 304.0, "bar_to": null, "dot_x": 151.74, "whisker": {"x1": 151.72, "x2": 151.76}, "value_x": 161.74, "value": "3,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 328.0, "y": 324.0, "bar_to": null, "dot_x": 151.74, "whisker": {"x1": 151.72, "x2": 151.76}, "value_x": 161.74, "value": "3,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 348.0, "y": 344.0, "bar_to": null, "dot_x": 151.72, "whisker": null, "value_x": 161.72, "value": "3,000 IOPS"}]}], "reference": null, "bar": false},
      {"width": 400, "height": 404, "x0": 69, "x1": 292, "plot_top": 8, "plot_bottom": 360, "ticks": [{"x": 69.0, "label": "100"}, {"x": 143.33, "label": "1k"}, {"x": 217.67, "label": "10k"}, {"x": 292.0, "label": "100k"}], "tick_y": 376, "axis_label": "IOPS, logarithmic axis", "axis_label_x": 180.5, "axis_label_y": 396, "line_height": 14, "groups": [{"label": "Random read 4 KiB", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 223.56, "whisker": {"x1": 223.55, "x2": 223.57}, "value_x": 233.56, "value": "12,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 104.73, "whisker": {"x1": 104.47, "x2": 105.0}, "value_x": 114.73, "value": "302 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 104.52, "whisker": null, "value_x": 114.52, "value": "300 IOPS"}]}, {"label": "Sync write 4 KiB", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}]}, {"label": "Mixed 70/30 8 KiB · read", "y": 199, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 220.0, "y": 216.0, "bar_to": null, "dot_x": 206.16, "whisker": {"x1": 206.15, "x2": 206.18}, "value_x": 216.16, "value": "7,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 240.0, "y": 236.0, "bar_to": null, "dot_x": 206.16, "whisker": {"x1": 206.15, "x2": 206.18}, "value_x": 216.16, "value": "7,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 260.0, "y": 256.0, "bar_to": null, "dot_x": 206.15, "whisker": null, "value_x": 216.15, "value": "7,000 IOPS"}]}, {"label": "Mixed 70/30 8 KiB · write", "y": 287, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 308.0, "y": 304.0, "bar_to": null, "dot_x": 178.83, "whisker": {"x1": 178.8, "x2": 178.85}, "value_x": 188.83, "value": "3,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 328.0, "y": 324.0, "bar_to": null, "dot_x": 178.83, "whisker": {"x1": 178.8, "x2": 178.85}, "value_x": 188.83, "value": "3,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 348.0, "y": 344.0, "bar_to": null, "dot_x": 178.8, "whisker": null, "value_x": 188.8, "value": "3,000 IOPS"}]}], "reference": null, "bar": false},
      {"width": 460, "height": 404, "x0": 69, "x1": 352, "plot_top": 8, "plot_bottom": 360, "ticks": [{"x": 69.0, "label": "100"}, {"x": 163.33, "label": "1k"}, {"x": 257.67, "label": "10k"}, {"x": 352.0, "label": "100k"}], "tick_y": 376, "axis_label": "IOPS, logarithmic axis", "axis_label_x": 210.5, "axis_label_y": 396, "line_height": 14, "groups": [{"label": "Random read 4 KiB", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 265.14, "whisker": {"x1": 265.14, "x2": 265.15}, "value_x": 275.14, "value": "12,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 114.35, "whisker": {"x1": 114.01, "x2": 114.69}, "value_x": 124.35, "value": "302 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 114.08, "whisker": null, "value_x": 124.08, "value": "300 IOPS"}]}, {"label": "Sync write 4 KiB", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}]}, {"label": "Mixed 70/30 8 KiB · read", "y": 199, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 220.0, "y": 216.0, "bar_to": null, "dot_x": 243.07, "whisker": {"x1": 243.05, "x2": 243.08}, "value_x": 253.07, "value": "7,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 240.0, "y": 236.0, "bar_to": null, "dot_x": 243.07, "whisker": {"x1": 243.05, "x2": 243.08}, "value_x": 253.07, "value": "7,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 260.0, "y": 256.0, "bar_to": null, "dot_x": 243.06, "whisker": null, "value_x": 253.06, "value": "7,000 IOPS"}]}, {"label": "Mixed 70/30 8 KiB · write", "y": 287, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 308.0, "y": 304.0, "bar_to": null, "dot_x": 208.38, "whisker": {"x1": 208.34, "x2": 208.41}, "value_x": 218.38, "value": "3,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 328.0, "y": 324.0, "bar_to": null, "dot_x": 208.38, "whisker": {"x1": 208.34, "x2": 208.41}, "value_x": 218.38, "value": "3,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 348.0, "y": 344.0, "bar_to": null, "dot_x": 208.35, "whisker": null, "value_x": 218.35, "value": "3,000 IOPS"}]}], "reference": null, "bar": false},
      {"width": 530, "height": 404, "x0": 69, "x1": 422, "plot_top": 8, "plot_bottom": 360, "ticks": [{"x": 69.0, "label": "100"}, {"x": 186.67, "label": "1k"}, {"x": 304.33, "label": "10k"}, {"x": 422.0, "label": "100k"}], "tick_y": 376, "axis_label": "IOPS, logarithmic axis", "axis_label_x": 245.5, "axis_label_y": 396, "line_height": 14, "groups": [{"label": "Random read 4 KiB", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 313.66, "whisker": {"x1": 313.65, "x2": 313.67}, "value_x": 323.66, "value": "12,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 125.57, "whisker": {"x1": 125.14, "x2": 125.99}, "value_x": 135.57, "value": "302 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 125.23, "whisker": null, "value_x": 135.23, "value": "300 IOPS"}]}, {"label": "Sync write 4 KiB", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}]}, {"label": "Mixed 70/30 8 KiB · read", "y": 199, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 220.0, "y": 216.0, "bar_to": null, "dot_x": 286.12, "whisker": {"x1": 286.11, "x2": 286.14}, "value_x": 296.12, "value": "7,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 240.0, "y": 236.0, "bar_to": null, "dot_x": 286.12, "whisker": {"x1": 286.11, "x2": 286.14}, "value_x": 296.12, "value": "7,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 260.0, "y": 256.0, "bar_to": null, "dot_x": 286.11, "whisker": null, "value_x": 296.11, "value": "7,000 IOPS"}]}, {"label": "Mixed 70/30 8 KiB · write", "y": 287, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 308.0, "y": 304.0, "bar_to": null, "dot_x": 242.85, "whisker": {"x1": 242.81, "x2": 242.89}, "value_x": 252.85, "value": "3,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 328.0, "y": 324.0, "bar_to": null, "dot_x": 242.85, "whisker": {"x1": 242.81, "x2": 242.89}, "value_x": 252.85, "value": "3,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 348.0, "y": 344.0, "bar_to": null, "dot_x": 242.82, "whisker": null, "value_x": 252.82, "value": "3,000 IOPS"}]}], "reference": null, "bar": false},
      {"width": 610, "height": 404, "x0": 69, "x1": 502, "plot_top": 8, "plot_bottom": 360, "ticks": [{"x": 69.0, "label": "100"}, {"x": 213.33, "label": "1k"}, {"x": 357.67, "label": "10k"}, {"x": 502.0, "label": "100k"}], "tick_y": 376, "axis_label": "IOPS, logarithmic axis", "axis_label_x": 285.5, "axis_label_y": 396, "line_height": 14, "groups": [{"label": "Random read 4 KiB", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 369.11, "whisker": {"x1": 369.1, "x2": 369.12}, "value_x": 379.11, "value": "12,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 138.38, "whisker": {"x1": 137.86, "x2": 138.9}, "value_x": 148.38, "value": "302 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 137.97, "whisker": null, "value_x": 147.97, "value": "300 IOPS"}]}, {"label": "Sync write 4 KiB", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}]}, {"label": "Mixed 70/30 8 KiB · read", "y": 199, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 220.0, "y": 216.0, "bar_to": null, "dot_x": 335.33, "whisker": {"x1": 335.31, "x2": 335.35}, "value_x": 345.33, "value": "7,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 240.0, "y": 236.0, "bar_to": null, "dot_x": 335.33, "whisker": {"x1": 335.31, "x2": 335.35}, "value_x": 345.33, "value": "7,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 260.0, "y": 256.0, "bar_to": null, "dot_x": 335.31, "whisker": null, "value_x": 345.31, "value": "7,000 IOPS"}]}, {"label": "Mixed 70/30 8 KiB · write", "y": 287, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 308.0, "y": 304.0, "bar_to": null, "dot_x": 282.25, "whisker": {"x1": 282.2, "x2": 282.3}, "value_x": 292.25, "value": "3,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 328.0, "y": 324.0, "bar_to": null, "dot_x": 282.25, "whisker": {"x1": 282.2, "x2": 282.3}, "value_x": 292.25, "value": "3,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 348.0, "y": 344.0, "bar_to": null, "dot_x": 282.21, "whisker": null, "value_x": 292.21, "value": "3,000 IOPS"}]}], "reference": null, "bar": false},
      {"width": 700, "height": 404, "x0": 69, "x1": 592, "plot_top": 8, "plot_bottom": 360, "ticks": [{"x": 69.0, "label": "100"}, {"x": 243.33, "label": "1k"}, {"x": 417.67, "label": "10k"}, {"x": 592.0, "label": "100k"}], "tick_y": 376, "axis_label": "IOPS, logarithmic axis", "axis_label_x": 330.5, "axis_label_y": 396, "line_height": 14, "groups": [{"label": "Random read 4 KiB", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 431.49, "whisker": {"x1": 431.47, "x2": 431.5}, "value_x": 441.49, "value": "12,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 152.81, "whisker": {"x1": 152.18, "x2": 153.43}, "value_x": 162.81, "value": "302 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 152.3, "whisker": null, "value_x": 162.3, "value": "300 IOPS"}]}, {"label": "Sync write 4 KiB", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}]}, {"label": "Mixed 70/30 8 KiB · read", "y": 199, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 220.0, "y": 216.0, "bar_to": null, "dot_x": 390.69, "whisker": {"x1": 390.66, "x2": 390.72}, "value_x": 400.69, "value": "7,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 240.0, "y": 236.0, "bar_to": null, "dot_x": 390.69, "whisker": {"x1": 390.66, "x2": 390.72}, "value_x": 400.69, "value": "7,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 260.0, "y": 256.0, "bar_to": null, "dot_x": 390.67, "whisker": null, "value_x": 400.67, "value": "7,000 IOPS"}]}, {"label": "Mixed 70/30 8 KiB · write", "y": 287, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 308.0, "y": 304.0, "bar_to": null, "dot_x": 326.57, "whisker": {"x1": 326.51, "x2": 326.64}, "value_x": 336.57, "value": "3,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 328.0, "y": 324.0, "bar_to": null, "dot_x": 326.57, "whisker": {"x1": 326.51, "x2": 326.64}, "value_x": 336.57, "value": "3,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 348.0, "y": 344.0, "bar_to": null, "dot_x": 326.52, "whisker": null, "value_x": 336.52, "value": "3,000 IOPS"}]}], "reference": null, "bar": false},
      {"width": 800, "height": 404, "x0": 69, "x1": 692, "plot_top": 8, "plot_bottom": 360, "ticks": [{"x": 69.0, "label": "100"}, {"x": 276.67, "label": "1k"}, {"x": 484.33, "label": "10k"}, {"x": 692.0, "label": "100k"}], "tick_y": 376, "axis_label": "IOPS, logarithmic axis", "axis_label_x": 380.5, "axis_label_y": 396, "line_height": 14, "groups": [{"label": "Random read 4 KiB", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 500.8, "whisker": {"x1": 500.78, "x2": 500.81}, "value_x": 510.8, "value": "12,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 168.83, "whisker": {"x1": 168.08, "x2": 169.57}, "value_x": 178.83, "value": "302 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 168.23, "whisker": null, "value_x": 178.23, "value": "300 IOPS"}]}, {"label": "Sync write 4 KiB", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}]}, {"label": "Mixed 70/30 8 KiB · read", "y": 199, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 220.0, "y": 216.0, "bar_to": null, "dot_x": 452.2, "whisker": {"x1": 452.17, "x2": 452.23}, "value_x": 462.2, "value": "7,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 240.0, "y": 236.0, "bar_to": null, "dot_x": 452.2, "whisker": {"x1": 452.17, "x2": 452.23}, "value_x": 462.2, "value": "7,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 260.0, "y": 256.0, "bar_to": null, "dot_x": 452.17, "whisker": null, "value_x": 462.17, "value": "7,000 IOPS"}]}, {"label": "Mixed 70/30 8 KiB · write", "y": 287, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 308.0, "y": 304.0, "bar_to": null, "dot_x": 375.82, "whisker": {"x1": 375.75, "x2": 375.9}, "value_x": 385.82, "value": "3,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 328.0, "y": 324.0, "bar_to": null, "dot_x": 375.82, "whisker": {"x1": 375.75, "x2": 375.9}, "value_x": 385.82, "value": "3,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 348.0, "y": 344.0, "bar_to": null, "dot_x": 375.76, "whisker": null, "value_x": 385.76, "value": "3,000 IOPS"}]}], "reference": null, "bar": false},
      {"width": 900, "height": 404, "x0": 69, "x1": 792, "plot_top": 8, "plot_bottom": 360, "ticks": [{"x": 69.0, "label": "100"}, {"x": 310.0, "label": "1k"}, {"x": 551.0, "label": "10k"}, {"x": 792.0, "label": "100k"}], "tick_y": 376, "axis_label": "IOPS, logarithmic axis", "axis_label_x": 430.5, "axis_label_y": 396, "line_height": 14, "groups": [{"label": "Random read 4 KiB", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 570.1, "whisker": {"x1": 570.08, "x2": 570.13}, "value_x": 580.1, "value": "12,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 184.85, "whisker": {"x1": 183.99, "x2": 185.72}, "value_x": 194.85, "value": "302 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 184.16, "whisker": null, "value_x": 194.16, "value": "300 IOPS"}]}, {"label": "Sync write 4 KiB", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}]}, {"label": "Mixed 70/30 8 KiB · read", "y": 199, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 220.0, "y": 216.0, "bar_to": null, "dot_x": 513.71, "whisker": {"x1": 513.67, "x2": 513.74}, "value_x": 523.71, "value": "7,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 240.0, "y": 236.0, "bar_to": null, "dot_x": 513.71, "whisker": {"x1": 513.67, "x2": 513.74}, "value_x": 523.71, "value": "7,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 260.0, "y": 256.0, "bar_to": null, "dot_x": 513.68, "whisker": null, "value_x": 523.68, "value": "7,000 IOPS"}]}, {"label": "Mixed 70/30 8 KiB · write", "y": 287, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 308.0, "y": 304.0, "bar_to": null, "dot_x": 425.07, "whisker": {"x1": 424.99, "x2": 425.16}, "value_x": 435.07, "value": "3,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 328.0, "y": 324.0, "bar_to": null, "dot_x": 425.07, "whisker": {"x1": 424.99, "x2": 425.16}, "value_x": 435.07, "value": "3,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 348.0, "y": 344.0, "bar_to": null, "dot_x": 425.0, "whisker": null, "value_x": 435.0, "value": "3,000 IOPS"}]}], "reference": null, "bar": false}
    ],
    "latency_SEQ_WRITE_write": [
      {"width": 300, "height": 228, "x0": 69, "x1": 192, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "1 ms"}, {"x": 106.03, "label": "2 ms"}, {"x": 154.97, "label": "5 ms"}, {"x": 192.0, "label": "10 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 130.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 86.97, "whisker": {"x1": 86.97, "x2": 86.97}, "value_x": 96.97, "value": "1.40 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 86.97, "whisker": {"x1": 86.97, "x2": 86.97}, "value_x": 96.97, "value": "1.40 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 86.97, "whisker": null, "value_x": 96.97, "value": "1.40 ms"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 135.92, "whisker": {"x1": 135.92, "x2": 135.92}, "value_x": 145.92, "value": "3.50 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 135.92, "whisker": {"x1": 135.92, "x2": 135.92}, "value_x": 145.92, "value": "3.50 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 135.92, "whisker": null, "value_x": 145.92, "value": "3.50 ms"}]}], "reference": null, "bar": false},
      {"width": 345, "height": 228, "x0": 69, "x1": 237, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "1 ms"}, {"x": 119.57, "label": "2 ms"}, {"x": 186.43, "label": "5 ms"}, {"x": 237.0, "label": "10 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 153.0, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 93.55, "whisker": {"x1": 93.55, "x2": 93.55}, "value_x": 103.55, "value": "1.40 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 93.55, "whisker": {"x1": 93.55, "x2": 93.55}, "value_x": 103.55, "value": "1.40 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 93.55, "whisker": null, "value_x": 103.55, "value": "1.40 ms"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 160.4, "whisker": {"x1": 160.4, "x2": 160.4}, "value_x": 170.4, "value": "3.50 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 160.4, "whisker": {"x1": 160.4, "x2": 160.4}, "value_x": 170.4, "value": "3.50 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 160.4, "whisker": null, "value_x": 170.4, "value": "3.50 ms"}]}], "reference": null, "bar": false},
      {"width": 400, "height": 228, "x0": 69, "x1": 292, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "1 ms"}, {"x": 136.13, "label": "2 ms"}, {"x": 224.87, "label": "5 ms"}, {"x": 292.0, "label": "10 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 180.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 101.59, "whisker": {"x1": 101.59, "x2": 101.59}, "value_x": 111.59, "value": "1.40 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 101.59, "whisker": {"x1": 101.59, "x2": 101.59}, "value_x": 111.59, "value": "1.40 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 101.59, "whisker": null, "value_x": 111.59, "value": "1.40 ms"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 190.33, "whisker": {"x1": 190.33, "x2": 190.33}, "value_x": 200.33, "value": "3.50 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 190.33, "whisker": {"x1": 190.33, "x2": 190.33}, "value_x": 200.33, "value": "3.50 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 190.33, "whisker": null, "value_x": 200.33, "value": "3.50 ms"}]}], "reference": null, "bar": false},
      {"width": 460, "height": 228, "x0": 69, "x1": 352, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "1 ms"}, {"x": 154.19, "label": "2 ms"}, {"x": 266.81, "label": "5 ms"}, {"x": 352.0, "label": "10 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 210.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 110.35, "whisker": {"x1": 110.35, "x2": 110.35}, "value_x": 120.35, "value": "1.40 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 110.35, "whisker": {"x1": 110.35, "x2": 110.35}, "value_x": 120.35, "value": "1.40 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 110.35, "whisker": null, "value_x": 120.35, "value": "1.40 ms"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 222.97, "whisker": {"x1": 222.97, "x2": 222.97}, "value_x": 232.97, "value": "3.50 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 222.97, "whisker": {"x1": 222.97, "x2": 222.97}, "value_x": 232.97, "value": "3.50 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 222.97, "whisker": null, "value_x": 232.97, "value": "3.50 ms"}]}], "reference": null, "bar": false},
      {"width": 530, "height": 228, "x0": 69, "x1": 422, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "1 ms"}, {"x": 175.26, "label": "2 ms"}, {"x": 315.74, "label": "5 ms"}, {"x": 422.0, "label": "10 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 245.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 120.58, "whisker": {"x1": 120.58, "x2": 120.58}, "value_x": 130.58, "value": "1.40 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 120.58, "whisker": {"x1": 120.58, "x2": 120.58}, "value_x": 130.58, "value": "1.40 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 120.58, "whisker": null, "value_x": 130.58, "value": "1.40 ms"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 261.06, "whisker": {"x1": 261.06, "x2": 261.06}, "value_x": 271.06, "value": "3.50 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 261.06, "whisker": {"x1": 261.06, "x2": 261.06}, "value_x": 271.06, "value": "3.50 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 261.06, "whisker": null, "value_x": 271.06, "value": "3.50 ms"}]}], "reference": null, "bar": false},
      {"width": 610, "height": 228, "x0": 69, "x1": 502, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "1 ms"}, {"x": 199.35, "label": "2 ms"}, {"x": 371.65, "label": "5 ms"}, {"x": 502.0, "label": "10 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 285.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 132.27, "whisker": {"x1": 132.27, "x2": 132.27}, "value_x": 142.27, "value": "1.40 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 132.27, "whisker": {"x1": 132.27, "x2": 132.27}, "value_x": 142.27, "value": "1.40 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 132.27, "whisker": null, "value_x": 142.27, "value": "1.40 ms"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 304.58, "whisker": {"x1": 304.58, "x2": 304.58}, "value_x": 314.58, "value": "3.50 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 304.58, "whisker": {"x1": 304.58, "x2": 304.58}, "value_x": 314.58, "value": "3.50 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 304.58, "whisker": null, "value_x": 314.58, "value": "3.50 ms"}]}], "reference": null, "bar": false},
      {"width": 700, "height": 228, "x0": 69, "x1": 592, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "1 ms"}, {"x": 226.44, "label": "2 ms"}, {"x": 434.56, "label": "5 ms"}, {"x": 592.0, "label": "10 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 330.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 145.42, "whisker": {"x1": 145.42, "x2": 145.42}, "value_x": 155.42, "value": "1.40 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 145.42, "whisker": {"x1": 145.42, "x2": 145.42}, "value_x": 155.42, "value": "1.40 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 145.42, "whisker": null, "value_x": 155.42, "value": "1.40 ms"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 353.55, "whisker": {"x1": 353.55, "x2": 353.55}, "value_x": 363.55, "value": "3.50 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 353.55, "whisker": {"x1": 353.55, "x2": 353.55}, "value_x": 363.55, "value": "3.50 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 353.55, "whisker": null, "value_x": 363.55, "value": "3.50 ms"}]}], "reference": null, "bar": false},
      {"width": 800, "height": 228, "x0": 69, "x1": 692, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "1 ms"}, {"x": 256.54, "label": "2 ms"}, {"x": 504.46, "label": "5 ms"}, {"x": 692.0, "label": "10 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 380.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 160.04, "whisker": {"x1": 160.04, "x2": 160.04}, "value_x": 170.04, "value": "1.40 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 160.04, "whisker": {"x1": 160.04, "x2": 160.04}, "value_x": 170.04, "value": "1.40 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 160.04, "whisker": null, "value_x": 170.04, "value": "1.40 ms"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 407.95, "whisker": {"x1": 407.95, "x2": 407.95}, "value_x": 417.95, "value": "3.50 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 407.95, "whisker": {"x1": 407.95, "x2": 407.95}, "value_x": 417.95, "value": "3.50 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 407.95, "whisker": null, "value_x": 417.95, "value": "3.50 ms"}]}], "reference": null, "bar": false},
      {"width": 900, "height": 228, "x0": 69, "x1": 792, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "1 ms"}, {"x": 286.64, "label": "2 ms"}, {"x": 574.36, "label": "5 ms"}, {"x": 792.0, "label": "10 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 430.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 174.65, "whisker": {"x1": 174.65, "x2": 174.65}, "value_x": 184.65, "value": "1.40 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 174.65, "whisker": {"x1": 174.65, "x2": 174.65}, "value_x": 184.65, "value": "1.40 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 174.65, "whisker": null, "value_x": 184.65, "value": "1.40 ms"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 462.36, "whisker": {"x1": 462.36, "x2": 462.36}, "value_x": 472.36, "value": "3.50 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 462.36, "whisker": {"x1": 462.36, "x2": 462.36}, "value_x": 472.36, "value": "3.50 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 462.36, "whisker": null, "value_x": 472.36, "value": "3.50 ms"}]}], "reference": null, "bar": false}
    ],
    "latency_RAND_READ_4K_read": [
      {"width": 300, "height": 228, "x0": 69, "x1": 192, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "10 µs"}, {"x": 87.51, "label": null}, {"x": 111.99, "label": "50 µs"}, {"x": 130.5, "label": null}, {"x": 149.01, "label": null}, {"x": 173.49, "label": "500 µs"}, {"x": 192.0, "label": null}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 130.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 124.54, "whisker": {"x1": 124.54, "x2": 124.54}, "value_x": 134.54, "value": "80.0 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 124.54, "whisker": {"x1": 124.54, "x2": 124.54}, "value_x": 134.54, "value": "80.0 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 124.54, "whisker": null, "value_x": 134.54, "value": "80.0 µs"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 167.53, "whisker": {"x1": 167.53, "x2": 167.53}, "value_x": 177.53, "value": "400 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 167.53, "whisker": {"x1": 167.53, "x2": 167.53}, "value_x": 177.53, "value": "400 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 167.53, "whisker": null, "value_x": 177.53, "value": "400 µs"}]}], "reference": null, "bar": false},
      {"width": 345, "height": 228, "x0": 69, "x1": 237, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "10 µs"}, {"x": 94.29, "label": null}, {"x": 127.71, "label": "50 µs"}, {"x": 153.0, "label": null}, {"x": 178.29, "label": "200 µs"}, {"x": 211.71, "label": null}, {"x": 237.0, "label": "1 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 153.0, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 144.86, "whisker": {"x1": 144.86, "x2": 144.86}, "value_x": 154.86, "value": "80.0 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 144.86, "whisker": {"x1": 144.86, "x2": 144.86}, "value_x": 154.86, "value": "80.0 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 144.86, "whisker": null, "value_x": 154.86, "value": "80.0 µs"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 203.57, "whisker": {"x1": 203.57, "x2": 203.57}, "value_x": 213.57, "value": "400 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 203.57, "whisker": {"x1": 203.57, "x2": 203.57}, "value_x": 213.57, "value": "400 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 203.57, "whisker": null, "value_x": 213.57, "value": "400 µs"}]}], "reference": null, "bar": false},
      {"width": 400, "height": 228, "x0": 69, "x1": 292, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "10 µs"}, {"x": 102.56, "label": null}, {"x": 146.94, "label": "50 µs"}, {"x": 180.5, "label": null}, {"x": 214.06, "label": "200 µs"}, {"x": 258.44, "label": null}, {"x": 292.0, "label": "1 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 180.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 169.7, "whisker": {"x1": 169.69, "x2": 169.7}, "value_x": 179.7, "value": "80.0 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 169.7, "whisker": {"x1": 169.69, "x2": 169.7}, "value_x": 179.7, "value": "80.0 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 169.69, "whisker": null, "value_x": 179.69, "value": "80.0 µs"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 247.63, "whisker": {"x1": 247.63, "x2": 247.63}, "value_x": 257.63, "value": "400 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 247.63, "whisker": {"x1": 247.63, "x2": 247.63}, "value_x": 257.63, "value": "400 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 247.63, "whisker": null, "value_x": 257.63, "value": "400 µs"}]}], "reference": null, "bar": false},
      {"width": 460, "height": 228, "x0": 69, "x1": 352, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "10 µs"}, {"x": 111.6, "label": "20 µs"}, {"x": 167.9, "label": "50 µs"}, {"x": 210.5, "label": null}, {"x": 253.1, "label": "200 µs"}, {"x": 309.4, "label": "500 µs"}, {"x": 352.0, "label": "1 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 210.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 196.79, "whisker": {"x1": 196.79, "x2": 196.79}, "value_x": 206.79, "value": "80.0 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 196.79, "whisker": {"x1": 196.79, "x2": 196.79}, "value_x": 206.79, "value": "80.0 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 196.79, "whisker": null, "value_x": 206.79, "value": "80.0 µs"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 295.69, "whisker": {"x1": 295.69, "x2": 295.69}, "value_x": 305.69, "value": "400 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 295.69, "whisker": {"x1": 295.69, "x2": 295.69}, "value_x": 305.69, "value": "400 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 295.69, "whisker": null, "value_x": 305.69, "value": "400 µs"}]}], "reference": null, "bar": false},
      {"width": 530, "height": 228, "x0": 69, "x1": 422, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "10 µs"}, {"x": 122.13, "label": "20 µs"}, {"x": 192.37, "label": "50 µs"}, {"x": 245.5, "label": "100 µs"}, {"x": 298.63, "label": "200 µs"}, {"x": 368.87, "label": "500 µs"}, {"x": 422.0, "label": "1 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 245.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 228.4, "whisker": {"x1": 228.4, "x2": 228.4}, "value_x": 238.4, "value": "80.0 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 228.4, "whisker": {"x1": 228.4, "x2": 228.4}, "value_x": 238.4, "value": "80.0 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 228.4, "whisker": null, "value_x": 238.4, "value": "80.0 µs"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 351.76, "whisker": {"x1": 351.76, "x2": 351.76}, "value_x": 361.76, "value": "400 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 351.76, "whisker": {"x1": 351.76, "x2": 351.76}, "value_x": 361.76, "value": "400 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 351.76, "whisker": null, "value_x": 361.76, "value": "400 µs"}]}], "reference": null, "bar": false},
      {"width": 610, "height": 228, "x0": 69, "x1": 502, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "10 µs"}, {"x": 134.17, "label": "20 µs"}, {"x": 220.33, "label": "50 µs"}, {"x": 285.5, "label": "100 µs"}, {"x": 350.67, "label": "200 µs"}, {"x": 436.83, "label": "500 µs"}, {"x": 502.0, "label": "1 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 285.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 264.52, "whisker": {"x1": 264.52, "x2": 264.52}, "value_x": 274.52, "value": "80.0 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 264.52, "whisker": {"x1": 264.52, "x2": 264.52}, "value_x": 274.52, "value": "80.0 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 264.52, "whisker": null, "value_x": 274.52, "value": "80.0 µs"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 415.85, "whisker": {"x1": 415.85, "x2": 415.85}, "value_x": 425.85, "value": "400 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 415.85, "whisker": {"x1": 415.85, "x2": 415.85}, "value_x": 425.85, "value": "400 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 415.85, "whisker": null, "value_x": 425.85, "value": "400 µs"}]}], "reference": null, "bar": false},
      {"width": 700, "height": 228, "x0": 69, "x1": 592, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "10 µs"}, {"x": 147.72, "label": "20 µs"}, {"x": 251.78, "label": "50 µs"}, {"x": 330.5, "label": "100 µs"}, {"x": 409.22, "label": "200 µs"}, {"x": 513.28, "label": "500 µs"}, {"x": 592.0, "label": "1 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 330.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 305.16, "whisker": {"x1": 305.16, "x2": 305.17}, "value_x": 315.16, "value": "80.0 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 305.16, "whisker": {"x1": 305.16, "x2": 305.17}, "value_x": 315.16, "value": "80.0 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 305.16, "whisker": null, "value_x": 315.16, "value": "80.0 µs"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 487.94, "whisker": {"x1": 487.94, "x2": 487.94}, "value_x": 497.94, "value": "400 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 487.94, "whisker": {"x1": 487.94, "x2": 487.94}, "value_x": 497.94, "value": "400 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 487.94, "whisker": null, "value_x": 497.94, "value": "400 µs"}]}], "reference": null, "bar": false},
      {"width": 800, "height": 228, "x0": 69, "x1": 692, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "10 µs"}, {"x": 162.77, "label": "20 µs"}, {"x": 286.73, "label": "50 µs"}, {"x": 380.5, "label": "100 µs"}, {"x": 474.27, "label": "200 µs"}, {"x": 598.23, "label": "500 µs"}, {"x": 692.0, "label": "1 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 380.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 350.32, "whisker": {"x1": 350.31, "x2": 350.32}, "value_x": 360.32, "value": "80.0 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 350.32, "whisker": {"x1": 350.31, "x2": 350.32}, "value_x": 360.32, "value": "80.0 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 350.31, "whisker": null, "value_x": 360.31, "value": "80.0 µs"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 568.04, "whisker": {"x1": 568.04, "x2": 568.04}, "value_x": 578.04, "value": "400 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 568.04, "whisker": {"x1": 568.04, "x2": 568.04}, "value_x": 578.04, "value": "400 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 568.04, "whisker": null, "value_x": 578.04, "value": "400 µs"}]}], "reference": null, "bar": false},
      {"width": 900, "height": 228, "x0": 69, "x1": 792, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "10 µs"}, {"x": 177.82, "label": "20 µs"}, {"x": 321.68, "label": "50 µs"}, {"x": 430.5, "label": "100 µs"}, {"x": 539.32, "label": "200 µs"}, {"x": 683.18, "label": "500 µs"}, {"x": 792.0, "label": "1 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 430.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 395.47, "whisker": {"x1": 395.47, "x2": 395.48}, "value_x": 405.47, "value": "80.0 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 395.47, "whisker": {"x1": 395.47, "x2": 395.48}, "value_x": 405.47, "value": "80.0 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 395.47, "whisker": null, "value_x": 405.47, "value": "80.0 µs"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 648.15, "whisker": {"x1": 648.14, "x2": 648.15}, "value_x": 658.15, "value": "400 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 648.15, "whisker": {"x1": 648.14, "x2": 648.15}, "value_x": 658.15, "value": "400 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 648.14, "whisker": null, "value_x": 658.14, "value": "400 µs"}]}], "reference": null, "bar": false}
    ]
  }
};
