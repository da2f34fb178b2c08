"""`python -m harness.cli.main` runs the same CLI as the `mka` script."""

from harness.cli import main

if __name__ == "__main__":
    main()
