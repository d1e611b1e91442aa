package io.idempo.benchmarks.e2e;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import javax.imageio.ImageIO;

/**
 * The PNG of the report, drawn with Java2D (headless): per closed-loop wrk series, one bar per configuration for the
 * median B ÷ A throughput, a dot for each round pair, the line of parity and the targets.
 */
final class Chart {

    private static final int WIDTH = 1200;
    private static final int HEIGHT = 640;
    private static final int LEFT = 80;
    private static final int RIGHT = 250;
    private static final int TOP = 90;
    private static final int BOTTOM = 110;
    private static final Color[] COLORS = {new Color(0x4C78A8), new Color(0xF58518), new Color(0x54A24B),
            new Color(0xB279A2)};
    private static final Color TARGET = new Color(0xC0392B);

    private Chart() {
    }

    static void write(Path png, E2eSettings settings, Results results, String subtitle) throws IOException {
        List<Series> series = settings.series().stream().filter(s -> !s.isBurst() && !s.isOpenLoop()).toList();
        List<Configuration> configurations = results.configurations();
        double top = 2.5;
        for (Configuration configuration : configurations) {
            for (Series s : series) {
                for (double ratio : results.pair(configuration, s).map(Results.Pair::throughputRatios)
                        .orElse(List.of())) {
                    top = Math.max(top, ratio);
                }
            }
        }
        double yMax = Math.ceil(top * 1.1 * 2) / 2;

        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, WIDTH, HEIGHT);

        int plotWidth = WIDTH - LEFT - RIGHT;
        int plotHeight = HEIGHT - TOP - BOTTOM;
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 20));
        g.drawString("Throughput with @Idempotent ÷ without (B ÷ A), end to end on Payara Micro", LEFT, 34);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        g.drawString(subtitle, LEFT, 58);
        g.drawString("Bars: median of the round pairs; dots: each pair. Dashed red: the issue's target.", LEFT, 76);

        // Grid and axis.
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        for (double y = 0; y <= yMax + 1e-9; y += 0.5) {
            int py = yPixel(y, yMax, plotHeight);
            g.setColor(y == 1.0 ? Color.DARK_GRAY : new Color(0xDDDDDD));
            g.setStroke(new BasicStroke(y == 1.0 ? 1.6f : 1f));
            g.drawLine(LEFT, py, LEFT + plotWidth, py);
            g.setColor(Color.BLACK);
            String label = String.format(Locale.ROOT, "%.1f×", y);
            g.drawString(label, LEFT - 10 - g.getFontMetrics().stringWidth(label), py + 5);
        }
        g.setColor(Color.DARK_GRAY);
        g.drawString("1× = as fast as plain", LEFT + plotWidth + 8, yPixel(1.0, yMax, plotHeight) + 5);

        int groupWidth = plotWidth / Math.max(1, series.size());
        int barWidth = (int) (groupWidth * 0.72 / Math.max(1, configurations.size()));
        for (int s = 0; s < series.size(); s++) {
            int groupLeft = LEFT + s * groupWidth + (int) (groupWidth * 0.14);
            for (int c = 0; c < configurations.size(); c++) {
                Optional<Results.Pair> pair = results.pair(configurations.get(c), series.get(s));
                if (pair.isEmpty()) {
                    continue;
                }
                int x = groupLeft + c * barWidth;
                int py = yPixel(pair.get().throughputRatio(), yMax, plotHeight);
                g.setColor(COLORS[c % COLORS.length]);
                g.fillRect(x + 2, py, barWidth - 4, TOP + plotHeight - py);
                List<Double> ratios = pair.get().throughputRatios();
                int highest = py;
                for (int r = 0; r < ratios.size(); r++) {
                    int dx = x + barWidth / 2 + (r - (ratios.size() - 1) / 2) * 7;
                    int dy = yPixel(ratios.get(r), yMax, plotHeight);
                    highest = Math.min(highest, dy - 4);
                    g.setColor(Color.WHITE);
                    g.fillOval(dx - 4, dy - 4, 8, 8);
                    g.setColor(Color.BLACK);
                    g.drawOval(dx - 4, dy - 4, 8, 8);
                }
                // Above the bar and its dots, so that neither hides the value.
                g.setColor(Color.BLACK);
                g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
                String value = Report.f2(pair.get().throughputRatio());
                g.drawString(value, x + (barWidth - g.getFontMetrics().stringWidth(value)) / 2, highest - 6);
            }
            OptionalDouble targetRatio = series.get(s).throughputTarget();
            if (targetRatio.isPresent()) {
                double target = targetRatio.getAsDouble();
                int py = yPixel(target, yMax, plotHeight);
                g.setColor(TARGET);
                g.setStroke(new BasicStroke(2.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10,
                        new float[] {8, 6}, 0));
                g.drawLine(LEFT + s * groupWidth + 6, py, LEFT + (s + 1) * groupWidth - 6, py);
                g.setStroke(new BasicStroke(1f));
                g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
                g.drawString("target ≥ " + Report.f2(target), LEFT + s * groupWidth + 8, py - 5);
            }
            g.setColor(Color.BLACK);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
            String[] words = series.get(s).label.split(", ");
            for (int w = 0; w < words.length; w++) {
                String word = words[w];
                int textX = LEFT + s * groupWidth + (groupWidth - g.getFontMetrics().stringWidth(word)) / 2;
                g.drawString(word, textX, TOP + plotHeight + 24 + w * 18);
            }
        }
        g.setColor(Color.BLACK);
        g.setStroke(new BasicStroke(1.2f));
        g.drawLine(LEFT, TOP + plotHeight, LEFT + plotWidth, TOP + plotHeight);

        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        for (int c = 0; c < configurations.size(); c++) {
            int y = TOP + 20 + c * 26;
            g.setColor(COLORS[c % COLORS.length]);
            g.fillRect(LEFT + plotWidth + 12, y - 12, 16, 16);
            g.setColor(Color.BLACK);
            g.drawString(configurations.get(c).label, LEFT + plotWidth + 36, y + 2);
        }
        g.dispose();
        ImageIO.write(image, "png", png.toFile());
    }

    private static int yPixel(double value, double yMax, int plotHeight) {
        return TOP + plotHeight - (int) Math.round(Math.min(value, yMax) / yMax * plotHeight);
    }
}
