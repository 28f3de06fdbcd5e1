# Quantile plot like the JFS paper's Figure 3 (called by solve-summary.py):
#   gnuplot -e 'datafile="x.dat"; outfile="x.svg"; n=3; ptitle="..."' quantile.gp
# datafile: one block per solver (separated by two blank lines), first line the
# quoted solver name, then "score time" points (score = accumulated correct
# answers minus wrong ones; the first point is at -wrong).
set terminal svg size 800,500 dynamic font "Helvetica,12"
set output outfile
set title ptitle noenhanced
set xlabel "number of benchmarks solved (score)"
set ylabel "wall time per benchmark (s)"
set logscale y
set format y "%g"
set grid
set key left top noenhanced
plot for [i=0:n-1] datafile index i using 1:2 with steps lw 2 title columnheader(1)
