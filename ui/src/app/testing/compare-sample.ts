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
            "words": "inconclusive: the baseline's median is 0, so there is no change to judge"
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
      {"width": 300, "height": 160, "x0": 69, "x1": 233, "plot_top": 28, "plot_bottom": 116, "ticks": [{"x": 69.0, "label": "0"}, {"x": 123.67, "label": "500"}, {"x": 178.33, "label": "1,000"}, {"x": 233.0, "label": "1,500"}], "tick_y": 132, "axis_label": "MB/s", "axis_label_x": 151.0, "axis_label_y": 152, "line_height": 14, "groups": [{"label": "Sequential write 1 MiB", "y": 43, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": 112.73, "dot_x": null, "whisker": {"x1": 112.51, "x2": 112.95}, "value_x": 116.95, "value": "400 MB/s"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": 121.48, "dot_x": null, "whisker": {"x1": 121.22, "x2": 121.74}, "value_x": 125.74, "value": "480 MB/s"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 104.0, "y": 100.0, "bar_to": 121.48, "dot_x": null, "whisker": null, "value_x": 125.48, "value": "480 MB/s"}]}], "reference": {"x": 205.67, "y1": 24, "y2": 116, "label_y": 20, "anchor": "end", "label": "1,250 MB/s: theoretical maxi…"}, "bar": true},
      {"width": 340, "height": 160, "x0": 69, "x1": 273, "plot_top": 28, "plot_bottom": 116, "ticks": [{"x": 69.0, "label": "0"}, {"x": 137.0, "label": "500"}, {"x": 205.0, "label": "1,000"}, {"x": 273.0, "label": "1,500"}], "tick_y": 132, "axis_label": "MB/s", "axis_label_x": 171.0, "axis_label_y": 152, "line_height": 14, "groups": [{"label": "Sequential write 1 MiB", "y": 43, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": 123.4, "dot_x": null, "whisker": {"x1": 123.13, "x2": 123.67}, "value_x": 127.67, "value": "400 MB/s"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": 134.28, "dot_x": null, "whisker": {"x1": 133.95, "x2": 134.61}, "value_x": 138.61, "value": "480 MB/s"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 104.0, "y": 100.0, "bar_to": 134.28, "dot_x": null, "whisker": null, "value_x": 138.28, "value": "480 MB/s"}]}], "reference": {"x": 239.0, "y1": 24, "y2": 116, "label_y": 20, "anchor": "end", "label": "1,250 MB/s: theoretical maximum …"}, "bar": true},
      {"width": 400, "height": 160, "x0": 69, "x1": 333, "plot_top": 28, "plot_bottom": 116, "ticks": [{"x": 69.0, "label": "0"}, {"x": 157.0, "label": "500"}, {"x": 245.0, "label": "1,000"}, {"x": 333.0, "label": "1,500"}], "tick_y": 132, "axis_label": "MB/s", "axis_label_x": 201.0, "axis_label_y": 152, "line_height": 14, "groups": [{"label": "Sequential write 1 MiB", "y": 43, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": 139.4, "dot_x": null, "whisker": {"x1": 139.05, "x2": 139.75}, "value_x": 143.75, "value": "400 MB/s"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": 153.48, "dot_x": null, "whisker": {"x1": 153.06, "x2": 153.9}, "value_x": 157.9, "value": "480 MB/s"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 104.0, "y": 100.0, "bar_to": 153.48, "dot_x": null, "whisker": null, "value_x": 157.48, "value": "480 MB/s"}]}], "reference": {"x": 289.0, "y1": 24, "y2": 116, "label_y": 20, "anchor": "end", "label": "1,250 MB/s: theoretical maximum (eno1 li…"}, "bar": true},
      {"width": 460, "height": 160, "x0": 69, "x1": 393, "plot_top": 28, "plot_bottom": 116, "ticks": [{"x": 69.0, "label": "0"}, {"x": 177.0, "label": "500"}, {"x": 285.0, "label": "1,000"}, {"x": 393.0, "label": "1,500"}], "tick_y": 132, "axis_label": "MB/s", "axis_label_x": 231.0, "axis_label_y": 152, "line_height": 14, "groups": [{"label": "Sequential write 1 MiB", "y": 43, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": 155.4, "dot_x": null, "whisker": {"x1": 154.97, "x2": 155.83}, "value_x": 159.83, "value": "400 MB/s"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": 172.68, "dot_x": null, "whisker": {"x1": 172.16, "x2": 173.2}, "value_x": 177.2, "value": "480 MB/s"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 104.0, "y": 100.0, "bar_to": 172.68, "dot_x": null, "whisker": null, "value_x": 176.68, "value": "480 MB/s"}]}], "reference": {"x": 339.0, "y1": 24, "y2": 116, "label_y": 20, "anchor": "end", "label": "1,250 MB/s: theoretical maximum (eno1 link at 1…"}, "bar": true},
      {"width": 530, "height": 160, "x0": 69, "x1": 463, "plot_top": 28, "plot_bottom": 116, "ticks": [{"x": 69.0, "label": "0"}, {"x": 200.33, "label": "500"}, {"x": 331.67, "label": "1,000"}, {"x": 463.0, "label": "1,500"}], "tick_y": 132, "axis_label": "MB/s", "axis_label_x": 266.0, "axis_label_y": 152, "line_height": 14, "groups": [{"label": "Sequential write 1 MiB", "y": 43, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": 174.07, "dot_x": null, "whisker": {"x1": 173.54, "x2": 174.59}, "value_x": 178.59, "value": "400 MB/s"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": 195.08, "dot_x": null, "whisker": {"x1": 194.45, "x2": 195.71}, "value_x": 199.71, "value": "480 MB/s"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 104.0, "y": 100.0, "bar_to": 195.08, "dot_x": null, "whisker": null, "value_x": 199.08, "value": "480 MB/s"}]}], "reference": {"x": 397.33, "y1": 24, "y2": 116, "label_y": 20, "anchor": "end", "label": "1,250 MB/s: theoretical maximum (eno1 link at 10000 Mb/s)"}, "bar": true},
      {"width": 610, "height": 160, "x0": 69, "x1": 543, "plot_top": 28, "plot_bottom": 116, "ticks": [{"x": 69.0, "label": "0"}, {"x": 227.0, "label": "500"}, {"x": 385.0, "label": "1,000"}, {"x": 543.0, "label": "1,500"}], "tick_y": 132, "axis_label": "MB/s", "axis_label_x": 306.0, "axis_label_y": 152, "line_height": 14, "groups": [{"label": "Sequential write 1 MiB", "y": 43, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": 195.4, "dot_x": null, "whisker": {"x1": 194.77, "x2": 196.03}, "value_x": 200.03, "value": "400 MB/s"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": 220.68, "dot_x": null, "whisker": {"x1": 219.92, "x2": 221.44}, "value_x": 225.44, "value": "480 MB/s"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 104.0, "y": 100.0, "bar_to": 220.68, "dot_x": null, "whisker": null, "value_x": 224.68, "value": "480 MB/s"}]}], "reference": {"x": 464.0, "y1": 24, "y2": 116, "label_y": 20, "anchor": "end", "label": "1,250 MB/s: theoretical maximum (eno1 link at 10000 Mb/s)"}, "bar": true},
      {"width": 700, "height": 160, "x0": 69, "x1": 633, "plot_top": 28, "plot_bottom": 116, "ticks": [{"x": 69.0, "label": "0"}, {"x": 257.0, "label": "500"}, {"x": 445.0, "label": "1,000"}, {"x": 633.0, "label": "1,500"}], "tick_y": 132, "axis_label": "MB/s", "axis_label_x": 351.0, "axis_label_y": 152, "line_height": 14, "groups": [{"label": "Sequential write 1 MiB", "y": 43, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": 219.4, "dot_x": null, "whisker": {"x1": 218.65, "x2": 220.15}, "value_x": 224.15, "value": "400 MB/s"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": 249.48, "dot_x": null, "whisker": {"x1": 248.58, "x2": 250.38}, "value_x": 254.38, "value": "480 MB/s"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 104.0, "y": 100.0, "bar_to": 249.48, "dot_x": null, "whisker": null, "value_x": 253.48, "value": "480 MB/s"}]}], "reference": {"x": 539.0, "y1": 24, "y2": 116, "label_y": 20, "anchor": "end", "label": "1,250 MB/s: theoretical maximum (eno1 link at 10000 Mb/s)"}, "bar": true},
      {"width": 800, "height": 160, "x0": 69, "x1": 733, "plot_top": 28, "plot_bottom": 116, "ticks": [{"x": 69.0, "label": "0"}, {"x": 290.33, "label": "500"}, {"x": 511.67, "label": "1,000"}, {"x": 733.0, "label": "1,500"}], "tick_y": 132, "axis_label": "MB/s", "axis_label_x": 401.0, "axis_label_y": 152, "line_height": 14, "groups": [{"label": "Sequential write 1 MiB", "y": 43, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": 246.07, "dot_x": null, "whisker": {"x1": 245.18, "x2": 246.95}, "value_x": 250.95, "value": "400 MB/s"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": 281.48, "dot_x": null, "whisker": {"x1": 280.42, "x2": 282.54}, "value_x": 286.54, "value": "480 MB/s"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 104.0, "y": 100.0, "bar_to": 281.48, "dot_x": null, "whisker": null, "value_x": 285.48, "value": "480 MB/s"}]}], "reference": {"x": 622.33, "y1": 24, "y2": 116, "label_y": 20, "anchor": "end", "label": "1,250 MB/s: theoretical maximum (eno1 link at 10000 Mb/s)"}, "bar": true},
      {"width": 900, "height": 160, "x0": 69, "x1": 833, "plot_top": 28, "plot_bottom": 116, "ticks": [{"x": 69.0, "label": "0"}, {"x": 323.67, "label": "500"}, {"x": 578.33, "label": "1,000"}, {"x": 833.0, "label": "1,500"}], "tick_y": 132, "axis_label": "MB/s", "axis_label_x": 451.0, "axis_label_y": 152, "line_height": 14, "groups": [{"label": "Sequential write 1 MiB", "y": 43, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": 272.73, "dot_x": null, "whisker": {"x1": 271.71, "x2": 273.75}, "value_x": 277.75, "value": "400 MB/s"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": 313.48, "dot_x": null, "whisker": {"x1": 312.26, "x2": 314.7}, "value_x": 318.7, "value": "480 MB/s"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 104.0, "y": 100.0, "bar_to": 313.48, "dot_x": null, "whisker": null, "value_x": 317.48, "value": "480 MB/s"}]}], "reference": {"x": 705.67, "y1": 24, "y2": 116, "label_y": 20, "anchor": "end", "label": "1,250 MB/s: theoretical maximum (eno1 link at 10000 Mb/s)"}, "bar": true}
    ],
    "iops": [
      {"width": 300, "height": 404, "x0": 69, "x1": 207, "plot_top": 8, "plot_bottom": 360, "ticks": [{"x": 69.0, "label": "100"}, {"x": 115.0, "label": "1k"}, {"x": 161.0, "label": "10k"}, {"x": 207.0, "label": "100k"}], "tick_y": 376, "axis_label": "IOPS, logarithmic axis", "axis_label_x": 138.0, "axis_label_y": 396, "line_height": 14, "groups": [{"label": "Random read 4 KiB", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 164.65, "whisker": {"x1": 164.64, "x2": 164.65}, "value_x": 174.65, "value": "12,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 91.11, "whisker": {"x1": 90.95, "x2": 91.28}, "value_x": 101.11, "value": "302 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 90.98, "whisker": null, "value_x": 100.98, "value": "300 IOPS"}]}, {"label": "Sync write 4 KiB", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}]}, {"label": "Mixed 70/30 8 KiB · read", "y": 199, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 220.0, "y": 216.0, "bar_to": null, "dot_x": 153.88, "whisker": {"x1": 153.87, "x2": 153.89}, "value_x": 163.88, "value": "7,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 240.0, "y": 236.0, "bar_to": null, "dot_x": 153.88, "whisker": {"x1": 153.87, "x2": 153.89}, "value_x": 163.88, "value": "7,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 260.0, "y": 256.0, "bar_to": null, "dot_x": 153.88, "whisker": null, "value_x": 163.88, "value": "7,000 IOPS"}]}, {"label": "Mixed 70/30 8 KiB · write", "y": 287, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 308.0, "y": 304.0, "bar_to": null, "dot_x": 136.96, "whisker": {"x1": 136.95, "x2": 136.98}, "value_x": 146.96, "value": "3,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 328.0, "y": 324.0, "bar_to": null, "dot_x": 136.96, "whisker": {"x1": 136.95, "x2": 136.98}, "value_x": 146.96, "value": "3,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 348.0, "y": 344.0, "bar_to": null, "dot_x": 136.95, "whisker": null, "value_x": 146.95, "value": "3,000 IOPS"}]}], "reference": null, "bar": false},
      {"width": 340, "height": 404, "x0": 69, "x1": 247, "plot_top": 8, "plot_bottom": 360, "ticks": [{"x": 69.0, "label": "100"}, {"x": 128.33, "label": "1k"}, {"x": 187.67, "label": "10k"}, {"x": 247.0, "label": "100k"}], "tick_y": 376, "axis_label": "IOPS, logarithmic axis", "axis_label_x": 158.0, "axis_label_y": 396, "line_height": 14, "groups": [{"label": "Random read 4 KiB", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 192.37, "whisker": {"x1": 192.36, "x2": 192.38}, "value_x": 202.37, "value": "12,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 97.52, "whisker": {"x1": 97.31, "x2": 97.74}, "value_x": 107.52, "value": "302 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 97.35, "whisker": null, "value_x": 107.35, "value": "300 IOPS"}]}, {"label": "Sync write 4 KiB", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}]}, {"label": "Mixed 70/30 8 KiB · read", "y": 199, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 220.0, "y": 216.0, "bar_to": null, "dot_x": 178.49, "whisker": {"x1": 178.48, "x2": 178.49}, "value_x": 188.49, "value": "7,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 240.0, "y": 236.0, "bar_to": null, "dot_x": 178.49, "whisker": {"x1": 178.48, "x2": 178.49}, "value_x": 188.49, "value": "7,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 260.0, "y": 256.0, "bar_to": null, "dot_x": 178.48, "whisker": null, "value_x": 188.48, "value": "7,000 IOPS"}]}, {"label": "Mixed 70/30 8 KiB · write", "y": 287, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 308.0, "y": 304.0, "bar_to": null, "dot_x": 156.66, "whisker": {"x1": 156.64, "x2": 156.69}, "value_x": 166.66, "value": "3,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 328.0, "y": 324.0, "bar_to": null, "dot_x": 156.66, "whisker": {"x1": 156.64, "x2": 156.69}, "value_x": 166.66, "value": "3,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 348.0, "y": 344.0, "bar_to": null, "dot_x": 156.65, "whisker": null, "value_x": 166.65, "value": "3,000 IOPS"}]}], "reference": null, "bar": false},
      {"width": 400, "height": 404, "x0": 69, "x1": 307, "plot_top": 8, "plot_bottom": 360, "ticks": [{"x": 69.0, "label": "100"}, {"x": 148.33, "label": "1k"}, {"x": 227.67, "label": "10k"}, {"x": 307.0, "label": "100k"}], "tick_y": 376, "axis_label": "IOPS, logarithmic axis", "axis_label_x": 188.0, "axis_label_y": 396, "line_height": 14, "groups": [{"label": "Random read 4 KiB", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 233.96, "whisker": {"x1": 233.95, "x2": 233.96}, "value_x": 243.96, "value": "12,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 107.14, "whisker": {"x1": 106.85, "x2": 107.42}, "value_x": 117.14, "value": "302 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 106.91, "whisker": null, "value_x": 116.91, "value": "300 IOPS"}]}, {"label": "Sync write 4 KiB", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}]}, {"label": "Mixed 70/30 8 KiB · read", "y": 199, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 220.0, "y": 216.0, "bar_to": null, "dot_x": 215.39, "whisker": {"x1": 215.38, "x2": 215.4}, "value_x": 225.39, "value": "7,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 240.0, "y": 236.0, "bar_to": null, "dot_x": 215.39, "whisker": {"x1": 215.38, "x2": 215.4}, "value_x": 225.39, "value": "7,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 260.0, "y": 256.0, "bar_to": null, "dot_x": 215.38, "whisker": null, "value_x": 225.38, "value": "7,000 IOPS"}]}, {"label": "Mixed 70/30 8 KiB · write", "y": 287, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 308.0, "y": 304.0, "bar_to": null, "dot_x": 186.21, "whisker": {"x1": 186.18, "x2": 186.24}, "value_x": 196.21, "value": "3,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 328.0, "y": 324.0, "bar_to": null, "dot_x": 186.21, "whisker": {"x1": 186.18, "x2": 186.24}, "value_x": 196.21, "value": "3,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 348.0, "y": 344.0, "bar_to": null, "dot_x": 186.19, "whisker": null, "value_x": 196.19, "value": "3,000 IOPS"}]}], "reference": null, "bar": false},
      {"width": 460, "height": 404, "x0": 69, "x1": 367, "plot_top": 8, "plot_bottom": 360, "ticks": [{"x": 69.0, "label": "100"}, {"x": 168.33, "label": "1k"}, {"x": 267.67, "label": "10k"}, {"x": 367.0, "label": "100k"}], "tick_y": 376, "axis_label": "IOPS, logarithmic axis", "axis_label_x": 218.0, "axis_label_y": 396, "line_height": 14, "groups": [{"label": "Random read 4 KiB", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 275.54, "whisker": {"x1": 275.53, "x2": 275.55}, "value_x": 285.54, "value": "12,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 116.75, "whisker": {"x1": 116.39, "x2": 117.11}, "value_x": 126.75, "value": "302 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 116.47, "whisker": null, "value_x": 126.47, "value": "300 IOPS"}]}, {"label": "Sync write 4 KiB", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}]}, {"label": "Mixed 70/30 8 KiB · read", "y": 199, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 220.0, "y": 216.0, "bar_to": null, "dot_x": 252.3, "whisker": {"x1": 252.28, "x2": 252.31}, "value_x": 262.3, "value": "7,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 240.0, "y": 236.0, "bar_to": null, "dot_x": 252.3, "whisker": {"x1": 252.28, "x2": 252.31}, "value_x": 262.3, "value": "7,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 260.0, "y": 256.0, "bar_to": null, "dot_x": 252.28, "whisker": null, "value_x": 262.28, "value": "7,000 IOPS"}]}, {"label": "Mixed 70/30 8 KiB · write", "y": 287, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 308.0, "y": 304.0, "bar_to": null, "dot_x": 215.76, "whisker": {"x1": 215.73, "x2": 215.8}, "value_x": 225.76, "value": "3,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 328.0, "y": 324.0, "bar_to": null, "dot_x": 215.76, "whisker": {"x1": 215.73, "x2": 215.8}, "value_x": 225.76, "value": "3,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 348.0, "y": 344.0, "bar_to": null, "dot_x": 215.73, "whisker": null, "value_x": 225.73, "value": "3,000 IOPS"}]}], "reference": null, "bar": false},
      {"width": 530, "height": 404, "x0": 69, "x1": 437, "plot_top": 8, "plot_bottom": 360, "ticks": [{"x": 69.0, "label": "100"}, {"x": 191.67, "label": "1k"}, {"x": 314.33, "label": "10k"}, {"x": 437.0, "label": "100k"}], "tick_y": 376, "axis_label": "IOPS, logarithmic axis", "axis_label_x": 253.0, "axis_label_y": 396, "line_height": 14, "groups": [{"label": "Random read 4 KiB", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 324.06, "whisker": {"x1": 324.05, "x2": 324.07}, "value_x": 334.06, "value": "12,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 127.97, "whisker": {"x1": 127.53, "x2": 128.41}, "value_x": 137.97, "value": "302 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 127.62, "whisker": null, "value_x": 137.62, "value": "300 IOPS"}]}, {"label": "Sync write 4 KiB", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}]}, {"label": "Mixed 70/30 8 KiB · read", "y": 199, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 220.0, "y": 216.0, "bar_to": null, "dot_x": 295.35, "whisker": {"x1": 295.33, "x2": 295.37}, "value_x": 305.35, "value": "7,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 240.0, "y": 236.0, "bar_to": null, "dot_x": 295.35, "whisker": {"x1": 295.33, "x2": 295.37}, "value_x": 305.35, "value": "7,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 260.0, "y": 256.0, "bar_to": null, "dot_x": 295.34, "whisker": null, "value_x": 305.34, "value": "7,000 IOPS"}]}, {"label": "Mixed 70/30 8 KiB · write", "y": 287, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 308.0, "y": 304.0, "bar_to": null, "dot_x": 250.24, "whisker": {"x1": 250.19, "x2": 250.28}, "value_x": 260.24, "value": "3,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 328.0, "y": 324.0, "bar_to": null, "dot_x": 250.24, "whisker": {"x1": 250.19, "x2": 250.28}, "value_x": 260.24, "value": "3,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 348.0, "y": 344.0, "bar_to": null, "dot_x": 250.2, "whisker": null, "value_x": 260.2, "value": "3,000 IOPS"}]}], "reference": null, "bar": false},
      {"width": 610, "height": 404, "x0": 69, "x1": 517, "plot_top": 8, "plot_bottom": 360, "ticks": [{"x": 69.0, "label": "100"}, {"x": 218.33, "label": "1k"}, {"x": 367.67, "label": "10k"}, {"x": 517.0, "label": "100k"}], "tick_y": 376, "axis_label": "IOPS, logarithmic axis", "axis_label_x": 293.0, "axis_label_y": 396, "line_height": 14, "groups": [{"label": "Random read 4 KiB", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 379.5, "whisker": {"x1": 379.49, "x2": 379.52}, "value_x": 389.5, "value": "12,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 140.79, "whisker": {"x1": 140.25, "x2": 141.32}, "value_x": 150.79, "value": "302 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 140.36, "whisker": null, "value_x": 150.36, "value": "300 IOPS"}]}, {"label": "Sync write 4 KiB", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}]}, {"label": "Mixed 70/30 8 KiB · read", "y": 199, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 220.0, "y": 216.0, "bar_to": null, "dot_x": 344.56, "whisker": {"x1": 344.53, "x2": 344.58}, "value_x": 354.56, "value": "7,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 240.0, "y": 236.0, "bar_to": null, "dot_x": 344.56, "whisker": {"x1": 344.53, "x2": 344.58}, "value_x": 354.56, "value": "7,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 260.0, "y": 256.0, "bar_to": null, "dot_x": 344.54, "whisker": null, "value_x": 354.54, "value": "7,000 IOPS"}]}, {"label": "Mixed 70/30 8 KiB · write", "y": 287, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 308.0, "y": 304.0, "bar_to": null, "dot_x": 289.64, "whisker": {"x1": 289.58, "x2": 289.69}, "value_x": 299.64, "value": "3,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 328.0, "y": 324.0, "bar_to": null, "dot_x": 289.64, "whisker": {"x1": 289.58, "x2": 289.69}, "value_x": 299.64, "value": "3,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 348.0, "y": 344.0, "bar_to": null, "dot_x": 289.59, "whisker": null, "value_x": 299.59, "value": "3,000 IOPS"}]}], "reference": null, "bar": false},
      {"width": 700, "height": 404, "x0": 69, "x1": 607, "plot_top": 8, "plot_bottom": 360, "ticks": [{"x": 69.0, "label": "100"}, {"x": 248.33, "label": "1k"}, {"x": 427.67, "label": "10k"}, {"x": 607.0, "label": "100k"}], "tick_y": 376, "axis_label": "IOPS, logarithmic axis", "axis_label_x": 338.0, "axis_label_y": 396, "line_height": 14, "groups": [{"label": "Random read 4 KiB", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 441.88, "whisker": {"x1": 441.87, "x2": 441.9}, "value_x": 451.88, "value": "12,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 155.21, "whisker": {"x1": 154.56, "x2": 155.85}, "value_x": 165.21, "value": "302 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 154.69, "whisker": null, "value_x": 164.69, "value": "300 IOPS"}]}, {"label": "Sync write 4 KiB", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}]}, {"label": "Mixed 70/30 8 KiB · read", "y": 199, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 220.0, "y": 216.0, "bar_to": null, "dot_x": 399.92, "whisker": {"x1": 399.89, "x2": 399.94}, "value_x": 409.92, "value": "7,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 240.0, "y": 236.0, "bar_to": null, "dot_x": 399.92, "whisker": {"x1": 399.89, "x2": 399.94}, "value_x": 409.92, "value": "7,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 260.0, "y": 256.0, "bar_to": null, "dot_x": 399.89, "whisker": null, "value_x": 409.89, "value": "7,000 IOPS"}]}, {"label": "Mixed 70/30 8 KiB · write", "y": 287, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 308.0, "y": 304.0, "bar_to": null, "dot_x": 333.96, "whisker": {"x1": 333.9, "x2": 334.03}, "value_x": 343.96, "value": "3,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 328.0, "y": 324.0, "bar_to": null, "dot_x": 333.96, "whisker": {"x1": 333.9, "x2": 334.03}, "value_x": 343.96, "value": "3,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 348.0, "y": 344.0, "bar_to": null, "dot_x": 333.91, "whisker": null, "value_x": 343.91, "value": "3,000 IOPS"}]}], "reference": null, "bar": false},
      {"width": 800, "height": 404, "x0": 69, "x1": 707, "plot_top": 8, "plot_bottom": 360, "ticks": [{"x": 69.0, "label": "100"}, {"x": 281.67, "label": "1k"}, {"x": 494.33, "label": "10k"}, {"x": 707.0, "label": "100k"}], "tick_y": 376, "axis_label": "IOPS, logarithmic axis", "axis_label_x": 388.0, "axis_label_y": 396, "line_height": 14, "groups": [{"label": "Random read 4 KiB", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 511.19, "whisker": {"x1": 511.17, "x2": 511.21}, "value_x": 521.19, "value": "12,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 171.23, "whisker": {"x1": 170.47, "x2": 171.99}, "value_x": 181.23, "value": "302 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 170.62, "whisker": null, "value_x": 180.62, "value": "300 IOPS"}]}, {"label": "Sync write 4 KiB", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}]}, {"label": "Mixed 70/30 8 KiB · read", "y": 199, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 220.0, "y": 216.0, "bar_to": null, "dot_x": 461.42, "whisker": {"x1": 461.39, "x2": 461.46}, "value_x": 471.42, "value": "7,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 240.0, "y": 236.0, "bar_to": null, "dot_x": 461.42, "whisker": {"x1": 461.39, "x2": 461.46}, "value_x": 471.42, "value": "7,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 260.0, "y": 256.0, "bar_to": null, "dot_x": 461.4, "whisker": null, "value_x": 471.4, "value": "7,000 IOPS"}]}, {"label": "Mixed 70/30 8 KiB · write", "y": 287, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 308.0, "y": 304.0, "bar_to": null, "dot_x": 383.21, "whisker": {"x1": 383.13, "x2": 383.29}, "value_x": 393.21, "value": "3,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 328.0, "y": 324.0, "bar_to": null, "dot_x": 383.21, "whisker": {"x1": 383.13, "x2": 383.29}, "value_x": 393.21, "value": "3,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 348.0, "y": 344.0, "bar_to": null, "dot_x": 383.15, "whisker": null, "value_x": 393.15, "value": "3,000 IOPS"}]}], "reference": null, "bar": false},
      {"width": 900, "height": 404, "x0": 69, "x1": 807, "plot_top": 8, "plot_bottom": 360, "ticks": [{"x": 69.0, "label": "100"}, {"x": 315.0, "label": "1k"}, {"x": 561.0, "label": "10k"}, {"x": 807.0, "label": "100k"}], "tick_y": 376, "axis_label": "IOPS, logarithmic axis", "axis_label_x": 438.0, "axis_label_y": 396, "line_height": 14, "groups": [{"label": "Random read 4 KiB", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 580.5, "whisker": {"x1": 580.48, "x2": 580.52}, "value_x": 590.5, "value": "12,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 187.26, "whisker": {"x1": 186.37, "x2": 188.14}, "value_x": 197.26, "value": "302 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 186.55, "whisker": null, "value_x": 196.55, "value": "300 IOPS"}]}, {"label": "Sync write 4 KiB", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": null, "whisker": null, "value_x": 73, "value": "0 IOPS (not on the axis)"}]}, {"label": "Mixed 70/30 8 KiB · read", "y": 199, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 220.0, "y": 216.0, "bar_to": null, "dot_x": 522.93, "whisker": {"x1": 522.89, "x2": 522.97}, "value_x": 532.93, "value": "7,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 240.0, "y": 236.0, "bar_to": null, "dot_x": 522.93, "whisker": {"x1": 522.89, "x2": 522.97}, "value_x": 532.93, "value": "7,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 260.0, "y": 256.0, "bar_to": null, "dot_x": 522.9, "whisker": null, "value_x": 532.9, "value": "7,000 IOPS"}]}, {"label": "Mixed 70/30 8 KiB · write", "y": 287, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 308.0, "y": 304.0, "bar_to": null, "dot_x": 432.46, "whisker": {"x1": 432.37, "x2": 432.55}, "value_x": 442.46, "value": "3,002 IOPS"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 328.0, "y": 324.0, "bar_to": null, "dot_x": 432.46, "whisker": {"x1": 432.37, "x2": 432.55}, "value_x": 442.46, "value": "3,002 IOPS"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 348.0, "y": 344.0, "bar_to": null, "dot_x": 432.39, "whisker": null, "value_x": 442.39, "value": "3,000 IOPS"}]}], "reference": null, "bar": false}
    ],
    "latency_SEQ_WRITE_write": [
      {"width": 300, "height": 228, "x0": 69, "x1": 234, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "1 ms"}, {"x": 118.67, "label": "2 ms"}, {"x": 184.33, "label": "5 ms"}, {"x": 234.0, "label": "10 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 151.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 93.11, "whisker": {"x1": 93.11, "x2": 93.11}, "value_x": 103.11, "value": "1.40 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 93.11, "whisker": {"x1": 93.11, "x2": 93.11}, "value_x": 103.11, "value": "1.40 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 93.11, "whisker": null, "value_x": 103.11, "value": "1.40 ms"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 158.77, "whisker": {"x1": 158.77, "x2": 158.77}, "value_x": 168.77, "value": "3.50 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 158.77, "whisker": {"x1": 158.77, "x2": 158.77}, "value_x": 168.77, "value": "3.50 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 158.77, "whisker": null, "value_x": 168.77, "value": "3.50 ms"}]}], "reference": null, "bar": false},
      {"width": 340, "height": 228, "x0": 69, "x1": 274, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "1 ms"}, {"x": 130.71, "label": "2 ms"}, {"x": 212.29, "label": "5 ms"}, {"x": 274.0, "label": "10 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 171.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 98.96, "whisker": {"x1": 98.96, "x2": 98.96}, "value_x": 108.96, "value": "1.40 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 98.96, "whisker": {"x1": 98.96, "x2": 98.96}, "value_x": 108.96, "value": "1.40 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 98.96, "whisker": null, "value_x": 108.96, "value": "1.40 ms"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 180.53, "whisker": {"x1": 180.53, "x2": 180.53}, "value_x": 190.53, "value": "3.50 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 180.53, "whisker": {"x1": 180.53, "x2": 180.53}, "value_x": 190.53, "value": "3.50 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 180.53, "whisker": null, "value_x": 190.53, "value": "3.50 ms"}]}], "reference": null, "bar": false},
      {"width": 400, "height": 228, "x0": 69, "x1": 334, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "1 ms"}, {"x": 148.77, "label": "2 ms"}, {"x": 254.23, "label": "5 ms"}, {"x": 334.0, "label": "10 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 201.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 107.72, "whisker": {"x1": 107.72, "x2": 107.72}, "value_x": 117.72, "value": "1.40 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 107.72, "whisker": {"x1": 107.72, "x2": 107.72}, "value_x": 117.72, "value": "1.40 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 107.72, "whisker": null, "value_x": 117.72, "value": "1.40 ms"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 213.18, "whisker": {"x1": 213.18, "x2": 213.18}, "value_x": 223.18, "value": "3.50 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 213.18, "whisker": {"x1": 213.18, "x2": 213.18}, "value_x": 223.18, "value": "3.50 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 213.18, "whisker": null, "value_x": 223.18, "value": "3.50 ms"}]}], "reference": null, "bar": false},
      {"width": 460, "height": 228, "x0": 69, "x1": 394, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "1 ms"}, {"x": 166.83, "label": "2 ms"}, {"x": 296.17, "label": "5 ms"}, {"x": 394.0, "label": "10 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 231.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 116.49, "whisker": {"x1": 116.49, "x2": 116.49}, "value_x": 126.49, "value": "1.40 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 116.49, "whisker": {"x1": 116.49, "x2": 116.49}, "value_x": 126.49, "value": "1.40 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 116.49, "whisker": null, "value_x": 126.49, "value": "1.40 ms"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 245.82, "whisker": {"x1": 245.82, "x2": 245.82}, "value_x": 255.82, "value": "3.50 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 245.82, "whisker": {"x1": 245.82, "x2": 245.82}, "value_x": 255.82, "value": "3.50 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 245.82, "whisker": null, "value_x": 255.82, "value": "3.50 ms"}]}], "reference": null, "bar": false},
      {"width": 530, "height": 228, "x0": 69, "x1": 464, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "1 ms"}, {"x": 187.91, "label": "2 ms"}, {"x": 345.09, "label": "5 ms"}, {"x": 464.0, "label": "10 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 266.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 126.72, "whisker": {"x1": 126.72, "x2": 126.72}, "value_x": 136.72, "value": "1.40 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 126.72, "whisker": {"x1": 126.72, "x2": 126.72}, "value_x": 136.72, "value": "1.40 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 126.72, "whisker": null, "value_x": 136.72, "value": "1.40 ms"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 283.91, "whisker": {"x1": 283.91, "x2": 283.91}, "value_x": 293.91, "value": "3.50 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 283.91, "whisker": {"x1": 283.91, "x2": 283.91}, "value_x": 293.91, "value": "3.50 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 283.91, "whisker": null, "value_x": 293.91, "value": "3.50 ms"}]}], "reference": null, "bar": false},
      {"width": 610, "height": 228, "x0": 69, "x1": 544, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "1 ms"}, {"x": 211.99, "label": "2 ms"}, {"x": 401.01, "label": "5 ms"}, {"x": 544.0, "label": "10 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 306.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 138.41, "whisker": {"x1": 138.41, "x2": 138.41}, "value_x": 148.41, "value": "1.40 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 138.41, "whisker": {"x1": 138.41, "x2": 138.41}, "value_x": 148.41, "value": "1.40 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 138.41, "whisker": null, "value_x": 148.41, "value": "1.40 ms"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 327.43, "whisker": {"x1": 327.43, "x2": 327.43}, "value_x": 337.43, "value": "3.50 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 327.43, "whisker": {"x1": 327.43, "x2": 327.43}, "value_x": 337.43, "value": "3.50 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 327.43, "whisker": null, "value_x": 337.43, "value": "3.50 ms"}]}], "reference": null, "bar": false},
      {"width": 700, "height": 228, "x0": 69, "x1": 634, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "1 ms"}, {"x": 239.08, "label": "2 ms"}, {"x": 463.92, "label": "5 ms"}, {"x": 634.0, "label": "10 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 351.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 151.56, "whisker": {"x1": 151.56, "x2": 151.56}, "value_x": 161.56, "value": "1.40 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 151.56, "whisker": {"x1": 151.56, "x2": 151.56}, "value_x": 161.56, "value": "1.40 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 151.56, "whisker": null, "value_x": 161.56, "value": "1.40 ms"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 376.4, "whisker": {"x1": 376.4, "x2": 376.4}, "value_x": 386.4, "value": "3.50 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 376.4, "whisker": {"x1": 376.4, "x2": 376.4}, "value_x": 386.4, "value": "3.50 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 376.4, "whisker": null, "value_x": 386.4, "value": "3.50 ms"}]}], "reference": null, "bar": false},
      {"width": 800, "height": 228, "x0": 69, "x1": 734, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "1 ms"}, {"x": 269.18, "label": "2 ms"}, {"x": 533.82, "label": "5 ms"}, {"x": 734.0, "label": "10 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 401.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 166.18, "whisker": {"x1": 166.18, "x2": 166.18}, "value_x": 176.18, "value": "1.40 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 166.18, "whisker": {"x1": 166.18, "x2": 166.18}, "value_x": 176.18, "value": "1.40 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 166.18, "whisker": null, "value_x": 176.18, "value": "1.40 ms"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 430.81, "whisker": {"x1": 430.81, "x2": 430.81}, "value_x": 440.81, "value": "3.50 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 430.81, "whisker": {"x1": 430.81, "x2": 430.81}, "value_x": 440.81, "value": "3.50 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 430.81, "whisker": null, "value_x": 440.81, "value": "3.50 ms"}]}], "reference": null, "bar": false},
      {"width": 900, "height": 228, "x0": 69, "x1": 834, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "1 ms"}, {"x": 299.29, "label": "2 ms"}, {"x": 603.71, "label": "5 ms"}, {"x": 834.0, "label": "10 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 451.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 180.79, "whisker": {"x1": 180.79, "x2": 180.79}, "value_x": 190.79, "value": "1.40 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 180.79, "whisker": {"x1": 180.79, "x2": 180.79}, "value_x": 190.79, "value": "1.40 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 180.79, "whisker": null, "value_x": 190.79, "value": "1.40 ms"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 485.21, "whisker": {"x1": 485.21, "x2": 485.21}, "value_x": 495.21, "value": "3.50 ms"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 485.21, "whisker": {"x1": 485.21, "x2": 485.21}, "value_x": 495.21, "value": "3.50 ms"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 485.21, "whisker": null, "value_x": 495.21, "value": "3.50 ms"}]}], "reference": null, "bar": false}
    ],
    "latency_RAND_READ_4K_read": [
      {"width": 300, "height": 228, "x0": 69, "x1": 234, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "10 µs"}, {"x": 93.83, "label": null}, {"x": 126.67, "label": "50 µs"}, {"x": 151.5, "label": null}, {"x": 176.33, "label": "200 µs"}, {"x": 209.17, "label": null}, {"x": 234.0, "label": "1 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 151.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 143.51, "whisker": {"x1": 143.5, "x2": 143.51}, "value_x": 153.51, "value": "80.0 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 143.51, "whisker": {"x1": 143.5, "x2": 143.51}, "value_x": 153.51, "value": "80.0 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 143.51, "whisker": null, "value_x": 153.51, "value": "80.0 µs"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 201.17, "whisker": {"x1": 201.17, "x2": 201.17}, "value_x": 211.17, "value": "400 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 201.17, "whisker": {"x1": 201.17, "x2": 201.17}, "value_x": 211.17, "value": "400 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 201.17, "whisker": null, "value_x": 211.17, "value": "400 µs"}]}], "reference": null, "bar": false},
      {"width": 340, "height": 228, "x0": 69, "x1": 274, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "10 µs"}, {"x": 99.86, "label": null}, {"x": 140.64, "label": "50 µs"}, {"x": 171.5, "label": null}, {"x": 202.36, "label": "200 µs"}, {"x": 243.14, "label": null}, {"x": 274.0, "label": "1 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 171.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 161.57, "whisker": {"x1": 161.57, "x2": 161.57}, "value_x": 171.57, "value": "80.0 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 161.57, "whisker": {"x1": 161.57, "x2": 161.57}, "value_x": 171.57, "value": "80.0 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 161.57, "whisker": null, "value_x": 171.57, "value": "80.0 µs"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 233.21, "whisker": {"x1": 233.21, "x2": 233.21}, "value_x": 243.21, "value": "400 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 233.21, "whisker": {"x1": 233.21, "x2": 233.21}, "value_x": 243.21, "value": "400 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 233.21, "whisker": null, "value_x": 243.21, "value": "400 µs"}]}], "reference": null, "bar": false},
      {"width": 400, "height": 228, "x0": 69, "x1": 334, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "10 µs"}, {"x": 108.89, "label": null}, {"x": 161.61, "label": "50 µs"}, {"x": 201.5, "label": null}, {"x": 241.39, "label": "200 µs"}, {"x": 294.11, "label": null}, {"x": 334.0, "label": "1 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 201.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 188.66, "whisker": {"x1": 188.66, "x2": 188.66}, "value_x": 198.66, "value": "80.0 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 188.66, "whisker": {"x1": 188.66, "x2": 188.66}, "value_x": 198.66, "value": "80.0 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 188.66, "whisker": null, "value_x": 198.66, "value": "80.0 µs"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 281.27, "whisker": {"x1": 281.27, "x2": 281.27}, "value_x": 291.27, "value": "400 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 281.27, "whisker": {"x1": 281.27, "x2": 281.27}, "value_x": 291.27, "value": "400 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 281.27, "whisker": null, "value_x": 291.27, "value": "400 µs"}]}], "reference": null, "bar": false},
      {"width": 460, "height": 228, "x0": 69, "x1": 394, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "10 µs"}, {"x": 117.92, "label": "20 µs"}, {"x": 182.58, "label": "50 µs"}, {"x": 231.5, "label": "100 µs"}, {"x": 280.42, "label": "200 µs"}, {"x": 345.08, "label": "500 µs"}, {"x": 394.0, "label": "1 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 231.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 215.75, "whisker": {"x1": 215.75, "x2": 215.76}, "value_x": 225.75, "value": "80.0 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 215.75, "whisker": {"x1": 215.75, "x2": 215.76}, "value_x": 225.75, "value": "80.0 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 215.75, "whisker": null, "value_x": 225.75, "value": "80.0 µs"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 329.34, "whisker": {"x1": 329.33, "x2": 329.34}, "value_x": 339.34, "value": "400 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 329.34, "whisker": {"x1": 329.33, "x2": 329.34}, "value_x": 339.34, "value": "400 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 329.33, "whisker": null, "value_x": 339.33, "value": "400 µs"}]}], "reference": null, "bar": false},
      {"width": 530, "height": 228, "x0": 69, "x1": 464, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "10 µs"}, {"x": 128.45, "label": "20 µs"}, {"x": 207.05, "label": "50 µs"}, {"x": 266.5, "label": "100 µs"}, {"x": 325.95, "label": "200 µs"}, {"x": 404.55, "label": "500 µs"}, {"x": 464.0, "label": "1 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 266.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 247.36, "whisker": {"x1": 247.36, "x2": 247.37}, "value_x": 257.36, "value": "80.0 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 247.36, "whisker": {"x1": 247.36, "x2": 247.37}, "value_x": 257.36, "value": "80.0 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 247.36, "whisker": null, "value_x": 257.36, "value": "80.0 µs"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 385.41, "whisker": {"x1": 385.41, "x2": 385.41}, "value_x": 395.41, "value": "400 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 385.41, "whisker": {"x1": 385.41, "x2": 385.41}, "value_x": 395.41, "value": "400 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 385.41, "whisker": null, "value_x": 395.41, "value": "400 µs"}]}], "reference": null, "bar": false},
      {"width": 610, "height": 228, "x0": 69, "x1": 544, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "10 µs"}, {"x": 140.49, "label": "20 µs"}, {"x": 235.01, "label": "50 µs"}, {"x": 306.5, "label": "100 µs"}, {"x": 377.99, "label": "200 µs"}, {"x": 472.51, "label": "500 µs"}, {"x": 544.0, "label": "1 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 306.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 283.49, "whisker": {"x1": 283.48, "x2": 283.49}, "value_x": 293.49, "value": "80.0 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 283.49, "whisker": {"x1": 283.48, "x2": 283.49}, "value_x": 293.49, "value": "80.0 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 283.48, "whisker": null, "value_x": 293.48, "value": "80.0 µs"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 449.49, "whisker": {"x1": 449.49, "x2": 449.49}, "value_x": 459.49, "value": "400 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 449.49, "whisker": {"x1": 449.49, "x2": 449.49}, "value_x": 459.49, "value": "400 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 449.49, "whisker": null, "value_x": 459.49, "value": "400 µs"}]}], "reference": null, "bar": false},
      {"width": 700, "height": 228, "x0": 69, "x1": 634, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "10 µs"}, {"x": 154.04, "label": "20 µs"}, {"x": 266.46, "label": "50 µs"}, {"x": 351.5, "label": "100 µs"}, {"x": 436.54, "label": "200 µs"}, {"x": 548.96, "label": "500 µs"}, {"x": 634.0, "label": "1 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 351.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 324.13, "whisker": {"x1": 324.12, "x2": 324.13}, "value_x": 334.13, "value": "80.0 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 324.13, "whisker": {"x1": 324.12, "x2": 324.13}, "value_x": 334.13, "value": "80.0 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 324.12, "whisker": null, "value_x": 334.12, "value": "80.0 µs"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 521.58, "whisker": {"x1": 521.58, "x2": 521.58}, "value_x": 531.58, "value": "400 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 521.58, "whisker": {"x1": 521.58, "x2": 521.58}, "value_x": 531.58, "value": "400 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 521.58, "whisker": null, "value_x": 531.58, "value": "400 µs"}]}], "reference": null, "bar": false},
      {"width": 800, "height": 228, "x0": 69, "x1": 734, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "10 µs"}, {"x": 169.09, "label": "20 µs"}, {"x": 301.41, "label": "50 µs"}, {"x": 401.5, "label": "100 µs"}, {"x": 501.59, "label": "200 µs"}, {"x": 633.91, "label": "500 µs"}, {"x": 734.0, "label": "1 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 401.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 369.28, "whisker": {"x1": 369.28, "x2": 369.29}, "value_x": 379.28, "value": "80.0 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 369.28, "whisker": {"x1": 369.28, "x2": 369.29}, "value_x": 379.28, "value": "80.0 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 369.28, "whisker": null, "value_x": 379.28, "value": "80.0 µs"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 601.69, "whisker": {"x1": 601.68, "x2": 601.69}, "value_x": 611.69, "value": "400 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 601.69, "whisker": {"x1": 601.68, "x2": 601.69}, "value_x": 611.69, "value": "400 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 601.69, "whisker": null, "value_x": 611.69, "value": "400 µs"}]}], "reference": null, "bar": false},
      {"width": 900, "height": 228, "x0": 69, "x1": 834, "plot_top": 8, "plot_bottom": 184, "ticks": [{"x": 69.0, "label": "10 µs"}, {"x": 184.14, "label": "20 µs"}, {"x": 336.36, "label": "50 µs"}, {"x": 451.5, "label": "100 µs"}, {"x": 566.64, "label": "200 µs"}, {"x": 718.86, "label": "500 µs"}, {"x": 834.0, "label": "1 ms"}], "tick_y": 200, "axis_label": "latency, logarithmic axis", "axis_label_x": 451.5, "axis_label_y": 220, "line_height": 14, "groups": [{"label": "p50 (median)", "y": 23, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 44.0, "y": 40.0, "bar_to": null, "dot_x": 414.44, "whisker": {"x1": 414.43, "x2": 414.44}, "value_x": 424.44, "value": "80.0 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 64.0, "y": 60.0, "bar_to": null, "dot_x": 414.44, "whisker": {"x1": 414.43, "x2": 414.44}, "value_x": 424.44, "value": "80.0 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 84.0, "y": 80.0, "bar_to": null, "dot_x": 414.43, "whisker": null, "value_x": 424.43, "value": "80.0 µs"}]}, {"label": "p99", "y": 111, "rows": [{"label_lines": ["before"], "label_x": 63, "label_anchor": "end", "label_y": 132.0, "y": 128.0, "bar_to": null, "dot_x": 681.79, "whisker": {"x1": 681.79, "x2": 681.79}, "value_x": 691.79, "value": "400 µs"}, {"label_lines": ["after"], "label_x": 63, "label_anchor": "end", "label_y": 152.0, "y": 148.0, "bar_to": null, "dot_x": 681.79, "whisker": {"x1": 681.79, "x2": 681.79}, "value_x": 691.79, "value": "400 µs"}, {"label_lines": ["two runs"], "label_x": 63, "label_anchor": "end", "label_y": 172.0, "y": 168.0, "bar_to": null, "dot_x": 681.79, "whisker": null, "value_x": 691.79, "value": "400 µs"}]}], "reference": null, "bar": false}
    ]
  }
};
