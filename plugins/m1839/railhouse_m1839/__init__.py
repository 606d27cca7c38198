"""1839 title plugin."""
