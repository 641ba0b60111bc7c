# What the measured part of results/ was run with (scripts/reproduce.sh writes this; `--modelled` reads it).
# These values were copied from results/README.md as the full run of 2026-11-23 wrote it.
measured_on=2026-11-23
machine='vm (2 cores)'
cpu='AMD EPYC'
commit=e4e1a281f5122f75045acebbd3107d63c05f5bf1
sweep_seconds=479
load_before='1.71 1.47 1.35'
load_after='1.07 1.10 1.20'
total_seconds=2554
human_note='stopped after 300 s; the runs that finished are below.'
sweep_line='bench sweep --strategies all --devices all --hz 60,120 --clock virtual --output results'
system='Linux 6.18.44-fc-v782 x86_64'
toolchain='Swift version 6.3.1 (swift-6.3.1-RELEASE)'
libraries='1.16.0, 0.42.2'
