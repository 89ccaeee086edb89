from turing.cli.main import main

main(prog_name="turing")
