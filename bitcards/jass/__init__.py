"""Jass: rules on masks. (Filled in by the jass issue.)"""
