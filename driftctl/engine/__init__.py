"""The comparison: match declared to live, bind, diff, select, and the pipeline that runs them."""
