from driftctl.cli import main

raise SystemExit(main())
