//! Every chart kind drawn from a small fixed series: its SVG as a snapshot (insta), and its
//! PNG decoded and looked at for size and ink. `CHARTS_OUT=dir` also writes the files for a
//! person to open.

use proctor_charts::{Bar, Chart, Leaderboard, Radar, RadarSeries};

fn leaderboard() -> Chart {
    let bar = |label: &str, value: f64, half: f64, ceiling: Option<f64>| Bar {
        label: label.into(),
        value,
        low: value - half,
        high: (value + half).min(1.0),
        ceiling,
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
            RadarSeries {
                name: "Atlas RAG".into(),
                values: vec![
                    Some(0.95),
                    Some(0.9),
                    Some(0.85),
                    Some(0.92),
                    Some(0.88),
                    Some(0.9),
                ],
            },
            RadarSeries {
                name: "Echo Bot".into(),
                values: vec![
                    Some(0.3),
                    Some(0.4),
                    None,
                    Some(0.25),
                    Some(0.35),
                    Some(0.3),
                ],
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
    let image = image::load_from_memory(png).unwrap().to_rgb8();
    assert_eq!(image.dimensions(), (width, height));
    let inked = image.pixels().filter(|p| p.0 != [255, 255, 255]).count();
    let share = inked as f64 / f64::from(width * height);
    assert!(share > 0.02 && share < 0.6, "{share} of the pixels inked");
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
fn names_are_text_in_the_svg_never_markup() {
    let Chart::Leaderboard(mut l) = leaderboard() else {
        unreachable!()
    };
    l.bars[0].label = "<script>alert(1)</script> & co".into();
    let svg = proctor_charts::svg(&Chart::Leaderboard(l)).unwrap();
    assert!(!svg.contains("<script"), "escaped");
    assert!(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; co"));
}

#[test]
fn charts_that_cannot_be_drawn_say_why() {
    let Chart::Leaderboard(mut l) = leaderboard() else {
        unreachable!()
    };
    l.bars[0].value = 1.5;
    let e = proctor_charts::svg(&Chart::Leaderboard(l)).unwrap_err();
    assert!(e.to_string().contains("Atlas RAG's accuracy is 1.5"), "{e}");
    let Chart::Radar(mut r) = radar() else {
        unreachable!()
    };
    r.series[1].values.pop();
    let e = proctor_charts::svg(&Chart::Radar(r)).unwrap_err();
    assert!(
        e.to_string().contains("Echo Bot has 5 values for 6 topics"),
        "{e}"
    );
}
