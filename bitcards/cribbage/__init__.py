"""Cribbage: rules on masks. (Filled in by the cribbage issue.)"""
