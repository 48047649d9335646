//! Drawing with plotters on any backend (SVG text or a PNG's pixels).

mod xy;

use crate::ChartError;
use crate::series::{Chart, Leaderboard, Radar};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::FontStyle;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::sync::Once;

/// The bundled font, registered for bitmap output (SVG names the family; viewers render it).
static FONT: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");
const FAMILY: &str = "sans-serif";

/// The Okabe–Ito palette: told apart by people with the common colour-vision deficiencies.
pub(crate) const PALETTE: [RGBColor; 7] = [
    RGBColor(0, 114, 178),
    RGBColor(230, 159, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(213, 94, 0),
    RGBColor(240, 228, 66),
];
pub(crate) const TEXT: RGBColor = RGBColor(29, 39, 51);
pub(crate) const MUTED: RGBColor = RGBColor(91, 105, 120);
pub(crate) const GRID: RGBColor = RGBColor(221, 227, 234);
/// Reference pipelines' bars: a grey that sits behind the analyst's own blue.
pub(crate) const REFERENCE: RGBColor = RGBColor(170, 180, 192);
/// Reference pipelines' series, in turn: greys apart from each other and from the palette.
const REFERENCE_GREYS: [RGBColor; 3] = [
    RGBColor(150, 160, 172),
    RGBColor(96, 106, 118),
    RGBColor(196, 203, 210),
];

/// The colour of each series: the analyst's systems take the palette in turn, the reference
/// pipelines the greys, so the two are told apart in every chart.
pub(crate) fn series_colours(series: &[crate::Series]) -> Vec<RGBColor> {
    let (mut own, mut reference) = (0, 0);
    series
        .iter()
        .map(|s| {
            if s.reference {
                reference += 1;
                REFERENCE_GREYS[(reference - 1) % REFERENCE_GREYS.len()]
            } else {
                own += 1;
                PALETTE[(own - 1) % PALETTE.len()]
            }
        })
        .collect()
}

/// The palette's colours in turn, for `n` series that are all alike.
pub(crate) fn palette_colours(n: usize) -> Vec<RGBColor> {
    (0..n).map(|i| PALETTE[i % PALETTE.len()]).collect()
}

pub(crate) fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The bundled font is a valid TrueType file; plotters asks for a style by name, so the
        // one face stands for all of them, and for every generic family plotters falls back to.
        for family in [FAMILY, "serif", "monospace"] {
            for style in [
                FontStyle::Normal,
                FontStyle::Bold,
                FontStyle::Italic,
                FontStyle::Oblique,
            ] {
                let _ = plotters::style::register_font(family, style, FONT);
            }
        }
    });
}

/// The SVG size of a chart, in pixels.
pub(crate) fn size(chart: &Chart) -> (u32, u32) {
    match chart {
        Chart::Leaderboard(l) => (900, 110 + 34 * u32::try_from(l.bars.len()).unwrap_or(100)),
        Chart::Radar(_) => (760, 620),
        Chart::Bars(b) if xy::in_rows(b) => {
            let rows = u32::try_from(b.categories.len()).unwrap_or(400);
            let row = xy::row_height(b);
            (900, 150 + row * rows)
        }
        Chart::Bars(b) => (bars_width(b), 520),
        Chart::Lines(_) => (900, 520),
        Chart::Scatter(_) => (760, 560),
    }
}

/// The width of a bar chart drawn with its categories side by side.
pub(crate) fn bars_width(b: &crate::series::Bars) -> u32 {
    let bars = b.categories.len() * b.series.len().max(1);
    (260 + 22 * u32::try_from(bars).unwrap_or(200)).clamp(760, 1800)
}

pub(crate) fn drawing(e: impl std::fmt::Display) -> ChartError {
    ChartError::Drawing(e.to_string())
}

pub(crate) fn draw<DB: DrawingBackend>(backend: DB, chart: &Chart) -> Result<(), ChartError> {
    draw_scaled(backend, chart, 1.0)
}

pub(crate) fn draw_scaled<DB: DrawingBackend>(
    backend: DB,
    chart: &Chart,
    scale: f64,
) -> Result<(), ChartError> {
    let root = backend.into_drawing_area();
    root.fill(&WHITE).map_err(drawing)?;
    match chart {
        Chart::Leaderboard(l) => leaderboard(&root, l, scale)?,
        Chart::Radar(r) => radar(&root, r, scale)?,
        Chart::Bars(b) => xy::bars(&root, b, scale)?,
        Chart::Lines(l) => xy::lines(&root, l, scale)?,
        Chart::Scatter(s) => xy::scatter(&root, s, scale)?,
    }
    root.present().map_err(drawing)
}

pub(crate) fn px(v: f64, scale: f64) -> i32 {
    (v * scale).round() as i32
}

pub(crate) fn font(size: f64, scale: f64) -> TextStyle<'static> {
    (FAMILY, size * scale).into_font().color(&TEXT)
}

fn leaderboard<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    l: &Leaderboard,
    scale: f64,
) -> Result<(), ChartError> {
    let n = l.bars.len() as f64;
    let mut chart = ChartBuilder::on(root)
        .caption(&l.title, font(20.0, scale))
        .margin(px(16.0, scale))
        // Room right of 100% for the value written after the longest whisker.
        .margin_right(px(64.0, scale))
        .x_label_area_size(px(48.0, scale))
        .y_label_area_size(px(190.0, scale))
        .build_cartesian_2d(0.0f64..1.0f64, 0.0f64..n)
        .map_err(drawing)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(0)
        .x_max_light_lines(1)
        .bold_line_style(GRID)
        .x_labels(11)
        .x_label_formatter(&|x| format!("{:.0}%", x * 100.0))
        .x_desc({
            let mut desc = l.axis.clone();
            if l.bars.iter().any(|b| b.ceiling.is_some()) {
                desc.push_str(" · ▲ the reader's ceiling");
            }
            if l.bars.iter().any(|b| b.reference) && l.bars.iter().any(|b| !b.reference) {
                desc.push_str(" · pale bars: reference pipelines");
            }
            desc
        })
        .label_style(font(13.0, scale))
        .axis_desc_style(font(14.0, scale))
        .draw()
        .map_err(drawing)?;
    let ink = ShapeStyle::from(&TEXT).stroke_width(u32::try_from(px(1.5, scale)).unwrap_or(1));
    for (i, bar) in l.bars.iter().enumerate() {
        // The first bar at the top.
        let mid = n - i as f64 - 0.5;
        let colour = if bar.reference { REFERENCE } else { PALETTE[0] };
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(0.0, mid - 0.3), (bar.value, mid + 0.3)],
                colour.mix(0.8).filled(),
            )))
            .map_err(drawing)?;
        // The 95% interval as a whisker across the bar's middle.
        let whisker = [
            vec![(bar.low, mid), (bar.high, mid)],
            vec![(bar.low, mid - 0.15), (bar.low, mid + 0.15)],
            vec![(bar.high, mid - 0.15), (bar.high, mid + 0.15)],
        ];
        chart
            .draw_series(whisker.into_iter().map(|line| PathElement::new(line, ink)))
            .map_err(drawing)?;
        if let Some(ceiling) = bar.ceiling {
            chart
                .draw_series(std::iter::once(TriangleMarker::new(
                    (ceiling, mid),
                    px(6.0, scale),
                    PALETTE[5].filled(),
                )))
                .map_err(drawing)?;
        }
        let value_at = chart.backend_coord(&(bar.high.max(bar.value), mid));
        root.draw(&Text::new(
            format!("{:.1}%", bar.value * 100.0),
            (value_at.0 + px(6.0, scale), value_at.1),
            font(12.0, scale)
                .color(&MUTED)
                .pos(Pos::new(HPos::Left, VPos::Center)),
        ))
        .map_err(drawing)?;
        let label_at = chart.backend_coord(&(0.0, mid));
        root.draw(&Text::new(
            bar.label.clone(),
            (label_at.0 - px(8.0, scale), label_at.1),
            font(13.0, scale).pos(Pos::new(HPos::Right, VPos::Center)),
        ))
        .map_err(drawing)?;
    }
    Ok(())
}

fn radar<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    r: &Radar,
    scale: f64,
) -> Result<(), ChartError> {
    let (width, height) = root.dim_in_pixel();
    let title_height = px(40.0, scale);
    root.draw(&Text::new(
        r.title.clone(),
        (px(16.0, scale), px(12.0, scale)),
        font(20.0, scale),
    ))
    .map_err(drawing)?;
    let legend_width = px(190.0, scale);
    let cx = (i32::try_from(width).unwrap_or(0) - legend_width) / 2;
    let cy = title_height + (i32::try_from(height).unwrap_or(0) - title_height) / 2;
    let radius = f64::from(cx.min(cy - title_height)) - 70.0 * scale;
    let axes = r.axes.len();
    let point = |axis: usize, share: f64| {
        let angle = std::f64::consts::TAU * axis as f64 / axes as f64 - std::f64::consts::FRAC_PI_2;
        (
            cx + (radius * share * angle.cos()).round() as i32,
            cy + (radius * share * angle.sin()).round() as i32,
        )
    };
    for ring in [0.25, 0.5, 0.75, 1.0] {
        let mut ringed: Vec<(i32, i32)> = (0..axes).map(|a| point(a, ring)).collect();
        ringed.push(ringed[0]);
        root.draw(&PathElement::new(
            ringed,
            ShapeStyle::from(&GRID).stroke_width(1),
        ))
        .map_err(drawing)?;
        let (lx, ly) = point(0, ring);
        root.draw(&Text::new(
            format!("{:.0}%", ring * 100.0),
            (lx + px(4.0, scale), ly),
            font(10.0, scale).color(&MUTED),
        ))
        .map_err(drawing)?;
    }
    for (a, name) in r.axes.iter().enumerate() {
        root.draw(&PathElement::new(
            vec![(cx, cy), point(a, 1.0)],
            ShapeStyle::from(&GRID).stroke_width(1),
        ))
        .map_err(drawing)?;
        let (lx, ly) = point(a, 1.12);
        let style = font(13.0, scale).pos(Pos::new(HPos::Center, VPos::Center));
        root.draw(&Text::new(name.clone(), (lx, ly), style))
            .map_err(drawing)?;
    }
    let colours = series_colours(&r.series);
    for (s, (series, &colour)) in r.series.iter().zip(&colours).enumerate() {
        // A topic the system has too few questions on is left at the centre's side: the
        // shape skips it rather than inventing a value.
        let points: Vec<(i32, i32)> = series
            .values
            .iter()
            .enumerate()
            .filter_map(|(a, v)| v.map(|v| point(a, v)))
            .collect();
        if points.len() >= 3 {
            root.draw(&Polygon::new(points.clone(), colour.mix(0.18).filled()))
                .map_err(drawing)?;
        }
        let mut outline = points.clone();
        if let Some(first) = points.first() {
            outline.push(*first);
        }
        root.draw(&PathElement::new(
            outline,
            ShapeStyle::from(&colour).stroke_width(u32::try_from(px(2.0, scale)).unwrap_or(2)),
        ))
        .map_err(drawing)?;
        for p in &points {
            root.draw(&Circle::new(*p, px(3.0, scale), colour.filled()))
                .map_err(drawing)?;
        }
        let ly = title_height + px(20.0 + 24.0 * s as f64, scale);
        let lx = i32::try_from(width).unwrap_or(0) - legend_width + px(10.0, scale);
        root.draw(&Rectangle::new(
            [
                (lx, ly - px(6.0, scale)),
                (lx + px(14.0, scale), ly + px(6.0, scale)),
            ],
            colour.filled(),
        ))
        .map_err(drawing)?;
        root.draw(&Text::new(
            series.name.clone(),
            (lx + px(20.0, scale), ly - px(7.0, scale)),
            font(13.0, scale),
        ))
        .map_err(drawing)?;
    }
    Ok(())
}
