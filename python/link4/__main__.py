from link4.cli import main

raise SystemExit(main())
