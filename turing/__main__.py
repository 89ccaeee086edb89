from turing.cli import main

main(prog_name="turing")
