//! Every chart kind drawn from a small fixed series: its SVG as a snapshot (insta), and its
//! PNG decoded and looked at for size and ink. `CHARTS_OUT=dir` also writes the files for a
//! person to open.

use proctor_charts::{
    Bar, Bars, Chart, Leaderboard, Line, Lines, Mark, Point, Radar, Scatter, Series,
};

fn leaderboard() -> Chart {
    let bar = |label: &str, value: f64, half: f64, ceiling: Option<f64>| Bar {
        label: label.into(),
        value,
        low: value - half,
        high: (value + half).min(1.0),
        ceiling,
        // The bars with a reader's ceiling are the reference pipelines'.
        reference: ceiling.is_some(),
    };
    Chart::Leaderboard(Leaderboard {
        title: "Tidewater product exam, version 1: accuracy".into(),
        axis: "Share of the 120 questions answered right (95% interval)".into(),
        bars: vec![
            bar("Atlas RAG", 0.908, 0.05, None),
            bar("Beacon Search", 0.75, 0.08, None),
            bar("Cobalt Assist", 0.742, 0.08, None),
            bar("bm25 · lexical · top 3", 0.70, 0.08, Some(0.95)),
            bar("Echo Bot", 0.333, 0.08, None),
        ],
    })
}

fn radar() -> Chart {
    Chart::Radar(Radar {
        title: "Accuracy per topic".into(),
        axes: [
            "Installation",
            "Sync",
            "Backups",
            "Security",
            "Billing",
            "Troubleshooting",
        ]
        .map(String::from)
        .to_vec(),
        series: vec![
            Series {
                name: "Atlas RAG".into(),
                values: vec![
                    Some(0.95),
                    Some(0.9),
                    Some(0.85),
                    Some(0.92),
                    Some(0.88),
                    Some(0.9),
                ],
                reference: false,
            },
            Series {
                name: "Echo Bot".into(),
                values: vec![
                    Some(0.3),
                    Some(0.4),
                    None,
                    Some(0.25),
                    Some(0.35),
                    Some(0.3),
                ],
                reference: false,
            },
        ],
    })
}

fn bars() -> Chart {
    Chart::Bars(Bars {
        title: "Accuracy per Bloom level".into(),
        subtitle: Some("A question can sit at several levels".into()),
        axis: "Share right".into(),
        top: None,
        categories: ["Remembering", "Understanding", "Applying", "Analyzing"]
            .map(String::from)
            .to_vec(),
        items: vec![40, 31, 22, 3],
        series: vec![
            Series {
                name: "Atlas RAG".into(),
                values: vec![Some(0.95), Some(0.87), Some(0.8), None],
                reference: false,
            },
            Series {
                name: "Echo Bot".into(),
                values: vec![Some(0.4), Some(0.3), Some(0.25), None],
                // A reference pipeline: drawn grey.
                reference: true,
            },
        ],
    })
}

fn logistic(a: f64, b: f64, theta: f64) -> f64 {
    1.0 / (1.0 + (-a * (theta - b)).exp())
}

fn curves() -> Chart {
    let x: Vec<f64> = (0..=80).map(|i| -4.0 + f64::from(i) * 0.1).collect();
    Chart::Lines(Lines {
        title: "Item characteristic curves".into(),
        subtitle: None,
        x_axis: "Ability θ".into(),
        y_axis: "Chance of a right answer".into(),
        y_share: true,
        lines: vec![
            Line {
                name: "q-001".into(),
                y: x.iter().map(|t| logistic(1.2, -0.5, *t)).collect(),
            },
            Line {
                name: "q-017".into(),
                y: x.iter().map(|t| logistic(2.4, 1.0, *t)).collect(),
            },
        ],
        marks: vec![
            Mark {
                label: "Atlas RAG".into(),
                x: 1.8,
            },
            Mark {
                label: "Echo Bot".into(),
                x: -1.2,
            },
        ],
        x,
    })
}

fn scatter() -> Chart {
    Chart::Scatter(Scatter {
        title: "Agreement with board.csv".into(),
        subtitle: Some("Kendall's τ = 0.80 (p = 0.083)".into()),
        x_axis: "Proctor: accuracy".into(),
        y_axis: "board.csv: score".into(),
        points: vec![
            Point {
                label: "Atlas RAG".into(),
                x: 0.91,
                y: 0.88,
            },
            Point {
                label: "Beacon Search".into(),
                x: 0.75,
                y: 0.7,
            },
            Point {
                label: "Echo Bot".into(),
                x: 0.33,
                y: 0.4,
            },
        ],
    })
}

fn write_out(name: &str, bytes: &[u8]) {
    if let Some(dir) = std::env::var_os("CHARTS_OUT") {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(std::path::Path::new(&dir).join(name), bytes).unwrap();
    }
}

fn check_png(png: &[u8], width: u32, height: u32) {
    check_png_inked(png, width, height, 0.02);
}

/// A sparse chart (a few points) inks less of its area.
fn check_png_inked(png: &[u8], width: u32, height: u32, least: f64) {
    let image = image::load_from_memory(png).unwrap().to_rgb8();
    assert_eq!(image.dimensions(), (width, height));
    let inked = image.pixels().filter(|p| p.0 != [255, 255, 255]).count();
    let share = inked as f64 / f64::from(width * height);
    assert!(share > least && share < 0.6, "{share} of the pixels inked");
}

#[test]
fn the_leaderboard_draws_bars_intervals_and_ceilings() {
    let chart = leaderboard();
    let svg = proctor_charts::svg(&chart).unwrap();
    assert!(svg.contains("Atlas RAG") && svg.contains("90.8%"));
    assert!(!svg.contains("<script"));
    insta::assert_snapshot!("leaderboard_svg", svg);
    let png = proctor_charts::png(&chart).unwrap();
    check_png(&png, 1800, 2 * (110 + 34 * 5));
    write_out("leaderboard.svg", svg.as_bytes());
    write_out("leaderboard.png", &png);
}

#[test]
fn the_radar_draws_one_shape_per_system_and_skips_thin_topics() {
    let chart = radar();
    let svg = proctor_charts::svg(&chart).unwrap();
    assert!(svg.contains("Troubleshooting") && svg.contains("Echo Bot"));
    insta::assert_snapshot!("radar_svg", svg);
    let png = proctor_charts::png(&chart).unwrap();
    check_png(&png, 1520, 1240);
    write_out("radar.svg", svg.as_bytes());
    write_out("radar.png", &png);
}

#[test]
fn the_bars_group_systems_per_category_and_mark_thin_groups() {
    let chart = bars();
    let svg = proctor_charts::svg(&chart).unwrap();
    assert!(svg.contains("Understanding") && svg.contains("3 questions"));
    assert!(svg.contains("–"), "a group without a value says so");
    insta::assert_snapshot!("bars_svg", svg);
    let png = proctor_charts::png(&chart).unwrap();
    check_png(&png, 1520, 1040);
    write_out("bars.svg", svg.as_bytes());
    write_out("bars.png", &png);
}

/// 27 pipelines with long names do not fit side by side: each becomes a row, its name on the
/// left at its own height, its two bars running right.
#[test]
fn many_long_categories_are_drawn_in_rows() {
    let names: Vec<String> = (0..27)
        .map(|i| format!("hybrid · language model · top {i}"))
        .collect();
    let chart = Chart::Bars(Bars {
        title: "Predicting the whole exam from 60 of its 120 questions".into(),
        subtitle: None,
        axis: "|predicted − actual accuracy|".into(),
        top: Some(0.1),
        categories: names.clone(),
        items: vec![60; 27],
        series: vec![
            Series {
                name: "adaptive exam".into(),
                values: (0..27).map(|i| Some(0.002 * f64::from(i))).collect(),
                reference: false,
            },
            Series {
                name: "random subsets (mean)".into(),
                values: (0..27).map(|i| Some(0.08 - 0.002 * f64::from(i))).collect(),
                reference: false,
            },
        ],
    });
    let svg = proctor_charts::svg(&chart).unwrap();
    // Every name once, each on a row of its own (all the same question count: not repeated).
    let mut heights = Vec::new();
    for name in &names {
        let at = svg
            .find(&format!("\n{name}\n</text>"))
            .unwrap_or_else(|| panic!("{name}"));
        let tag = &svg[svg[..at].rfind("<text").unwrap()..at];
        let y = tag.split("y=\"").nth(1).unwrap().split('"').next().unwrap();
        heights.push(y.parse::<f64>().unwrap());
    }
    assert!(
        heights.windows(2).all(|w| w[1] - w[0] >= 20.0),
        "{heights:?}"
    );
    assert!(!svg.contains("60 questions"));
    insta::assert_snapshot!("bar_rows_svg", svg);
    let png = proctor_charts::png(&chart).unwrap();
    check_png_inked(&png, 1800, 2 * (150 + 34 * 27), 0.01);
    write_out("bar-rows.svg", svg.as_bytes());
    write_out("bar-rows.png", &png);
}

/// A name too long for its row ends in "…" rather than running off the chart's left edge.
#[test]
fn names_too_long_for_a_row_are_shortened() {
    let long = "a pipeline whose name goes on and on well past any width a row allows";
    let chart = Chart::Bars(Bars {
        title: "Long names".into(),
        subtitle: None,
        axis: "Share right".into(),
        top: None,
        categories: (0..12).map(|i| format!("{long} {i}")).collect(),
        items: vec![10; 12],
        series: vec![Series {
            name: "a".into(),
            values: vec![Some(0.5); 12],
            reference: false,
        }],
    });
    let svg = proctor_charts::svg(&chart).unwrap();
    assert!(!svg.contains(long), "the whole name is not drawn");
    // 39 of its characters and the ellipsis: 40 in all.
    assert!(
        svg.contains("a pipeline whose name goes on and on we…"),
        "{svg}"
    );
}

#[test]
fn the_curves_draw_every_line_and_mark_the_abilities() {
    let chart = curves();
    let svg = proctor_charts::svg(&chart).unwrap();
    assert!(svg.contains("q-017") && svg.contains("Atlas RAG") && svg.contains("Ability θ"));
    assert!(svg.contains("100%"), "a chance is drawn as a share");
    insta::assert_snapshot!("lines_svg", svg);
    let png = proctor_charts::png(&chart).unwrap();
    check_png(&png, 1800, 1040);
    write_out("lines.svg", svg.as_bytes());
    write_out("lines.png", &png);
}

#[test]
fn the_scatter_labels_every_point() {
    let chart = scatter();
    let svg = proctor_charts::svg(&chart).unwrap();
    assert!(svg.contains("Beacon Search") && svg.contains("Kendall"));
    insta::assert_snapshot!("scatter_svg", svg);
    let png = proctor_charts::png(&chart).unwrap();
    check_png_inked(&png, 1520, 1120, 0.01);
    write_out("scatter.svg", svg.as_bytes());
    write_out("scatter.png", &png);
}

#[test]
fn names_are_text_in_the_svg_never_markup() {
    let Chart::Leaderboard(mut l) = leaderboard() else {
        unreachable!()
    };
    l.bars[0].label = "<script>alert(1)</script> & co".into();
    let svg = proctor_charts::svg(&Chart::Leaderboard(l)).unwrap();
    assert!(!svg.contains("<script"), "escaped");
    assert!(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; co"));
}

fn why(chart: &Chart) -> String {
    proctor_charts::svg(chart).unwrap_err().to_string()
}

#[test]
fn charts_that_cannot_be_drawn_say_why() {
    let Chart::Leaderboard(mut board) = leaderboard() else {
        unreachable!()
    };
    board.bars[0].value = 1.5;
    let message = why(&Chart::Leaderboard(board));
    assert!(message.contains("Atlas RAG's accuracy is 1.5"), "{message}");

    let Chart::Radar(mut radar) = radar() else {
        unreachable!()
    };
    radar.series[1].values.pop();
    let message = why(&Chart::Radar(radar));
    assert!(
        message.contains("Echo Bot has 5 values for 6 topics"),
        "{message}"
    );

    let Chart::Lines(mut unordered) = curves() else {
        unreachable!()
    };
    unordered.x[3] = unordered.x[2];
    let message = why(&Chart::Lines(unordered));
    assert!(message.contains("do not ascend"), "{message}");

    let Chart::Lines(mut not_a_number) = curves() else {
        unreachable!()
    };
    not_a_number.lines[0].y[5] = f64::NAN;
    let message = why(&Chart::Lines(not_a_number));
    assert!(message.contains("a value of q-001 is NaN"), "{message}");

    let Chart::Bars(mut groups) = bars() else {
        unreachable!()
    };
    groups.items.pop();
    let message = why(&Chart::Bars(groups));
    assert!(
        message.contains("3 question counts for 4 groups"),
        "{message}"
    );

    let Chart::Bars(mut low) = bars() else {
        unreachable!()
    };
    low.top = Some(0.5);
    let message = why(&Chart::Bars(low));
    assert!(
        message.contains("a value of 0.95 is above the axis's top, 0.5"),
        "{message}"
    );

    let Chart::Scatter(mut crowded) = scatter() else {
        unreachable!()
    };
    crowded.points = (0..=proctor_charts::MAX_ITEMS)
        .map(|i| Point {
            label: i.to_string(),
            x: 0.0,
            y: 0.0,
        })
        .collect();
    let message = why(&Chart::Scatter(crowded));
    assert!(message.contains("more than the"), "{message}");
}
