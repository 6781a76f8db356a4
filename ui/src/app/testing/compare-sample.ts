// Written by tests/unit/report/test_chart_data.py (WRITE_SAMPLE=1 rewrites it) from core/report/chart_data.py:
// what tuning.benchmark.compare sends for three results (6, 6 and 2 runs). The panel's chart and tile specs draw it.
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
            "words": "-97.5 % · worse"
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
            "words": "+0.0 % · no meaningful change"
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
            "words": "+0.0 % · no meaningful change"
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
              "title": "two runs · Sequential write 1 MiB: 480 MB/s (no interval: too few runs)",
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
              "title": "two runs · Random read 4 KiB: 300 IOPS (no interval: too few runs)",
              "plotted": true,
              "whisker": null
            },
            {
              "median": 0.0,
              "ci_low": null,
              "ci_high": null,
              "text": "0 IOPS",
              "title": "two runs · Sync write 4 KiB: 0 IOPS (no interval: too few runs)",
              "plotted": false,
              "whisker": null
            },
            {
              "median": 7000.5,
              "ci_low": null,
              "ci_high": null,
              "text": "7,000 IOPS",
              "title": "two runs · Mixed 70/30 8 KiB · read: 7,000 IOPS (no interval: too few runs)",
              "plotted": true,
              "whisker": null
            },
            {
              "median": 3000.5,
              "ci_low": null,
              "ci_high": null,
              "text": "3,000 IOPS",
              "title": "two runs · Mixed 70/30 8 KiB · write: 3,000 IOPS (no interval: too few runs)",
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
              "title": "two runs · p50 (median): 1.40 ms (no interval: too few runs)",
              "plotted": true,
              "whisker": null
            },
            {
              "median": 3500000.5,
              "ci_low": null,
              "ci_high": null,
              "text": "3.50 ms",
              "title": "two runs · p99: 3.50 ms (no interval: too few runs)",
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
              "title": "two runs · p50 (median): 80.0 µs (no interval: too few runs)",
              "plotted": true,
              "whisker": null
            },
            {
              "median": 400000.5,
              "ci_low": null,
              "ci_high": null,
              "text": "400 µs",
              "title": "two runs · p99: 400 µs (no interval: too few runs)",
              "plotted": true,
              "whisker": null
            }
          ]
        }
      ],
      "reference": null,
      "description": "Random read 4 KiB: read latency (latency, logarithmic axis). p50 (median): before 80.0 µs, after 80.0 µs, two runs 80.0 µs; p99: before 400 µs, after 400 µs, two runs 400 µs."
    }
  ]
};
