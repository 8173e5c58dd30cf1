# Horizontal bar chart of rows/s per strategy, for bench/compare.sh:
#   gnuplot -e "data='FILE'; out='PNG'; title='...'" bench/chart.gnuplot
# FILE: one strategy a line, TAB-separated: label, rows/s (0 when it failed), group (1 fastload,
# 2 other tools, 3 failed or skipped), text printed at the end of the bar. First line = top bar.
set datafile separator "\t"
stats data using 2 nooutput
n = STATS_records
xmax = STATS_max > 0 ? STATS_max * 1.22 : 1

set terminal pngcairo size 1300, 110 + 34 * n font "DejaVu Sans,10" noenhanced
set output out
set title title
set xlabel "rows/s (higher is better; crash-safe: COMMIT with innodb_flush_log_at_trx_commit=1)"
set xrange [0:xmax]
set yrange [n - 0.4:-0.6]
set ytics scale 0
set xtics nomirror
set ytics nomirror
set grid xtics lc rgb "#dddddd"
set border 3
set format x "%.0s%c"
set key off
set style fill solid 0.85 noborder
set lmargin 62
set linetype 1 lc rgb "#d95f02"
set linetype 2 lc rgb "#1b9e77"
set linetype 3 lc rgb "#aaaaaa"

plot data using (column(2) / 2):0:(column(2) / 2):(0.36):(column(3)):yticlabels(1) \
       with boxxyerror lc variable, \
     data using 2:0:(" " . strcol(4)) with labels left offset 0.3, 0 font ",9"
